import { defineCommand } from 'citty';
import { existsSync, readFileSync } from 'node:fs';
import { ConfigError } from '@devhub/shared';
import { CONFIG_VERSION, configPath, stateDir } from '../../config';
import { print } from '../_args';
import { checkConfigText, describeConfig } from './check';

export default defineCommand({
  meta: { name: 'validate', description: 'Check config.yaml and report every problem at once (exit 2 when invalid)' },
  run() {
    const path = configPath(stateDir());
    if (!existsSync(path)) throw new ConfigError(path, ['file not found (any command except this one writes the default)']);
    const { config, fromVersion } = checkConfigText(readFileSync(path, 'utf8'), path);
    const note = fromVersion >= 0 && fromVersion < CONFIG_VERSION ? ` after migration from config_version ${fromVersion} (run: modelproxy config migrate)` : '';
    print(`${path}: valid${note}: ${describeConfig(config)}`);
  },
});
