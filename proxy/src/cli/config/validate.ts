import { defineCommand } from 'citty';
import { existsSync, readFileSync } from 'node:fs';
import { ConfigError, ExitStatus } from '@devhub/shared';
import { CONFIG_VERSION, configPath, stateDir } from '../../config';
import { print, printErr } from '../_args';
import { checkConfigText, configWarnings, describeConfig } from './check';

export default defineCommand({
  meta: { name: 'validate', description: 'Check config.yaml and report every problem at once (exit 2 when invalid, 1 when no routed provider has a real key)' },
  run() {
    const path = configPath(stateDir());
    if (!existsSync(path)) throw new ConfigError(path, ['file not found (any command except this one writes the default)']);
    const { config, fromVersion } = checkConfigText(readFileSync(path, 'utf8'), path);
    const note = fromVersion >= 0 && fromVersion < CONFIG_VERSION ? ` after migration from config_version ${fromVersion} (run: modelproxy config migrate)` : '';
    print(`${path}: valid${note}: ${describeConfig(config)}`);
    const warnings = configWarnings(config, path);
    if (warnings.length > 0) printErr(warnings.map((w) => `warning: ${w.text}`));
    if (warnings.some((w) => w.failing)) throw new ExitStatus(1);
  },
});
