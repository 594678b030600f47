import { defineCommand } from 'citty';
import { CONFIG_VERSION, configPath, ensureProxyStateDir } from '../../config';
import { migrateConfigFile } from '../../migrations';
import { print } from '../_args';

export default defineCommand({
  meta: { name: 'migrate', description: 'Upgrade config.yaml to the current config_version (backup first, atomic rewrite)' },
  run() {
    const path = configPath(ensureProxyStateDir());
    const result = migrateConfigFile(path);
    if (!result) return print(`${path} is at config_version ${CONFIG_VERSION}; nothing to do`);
    print([`migrated ${path} from config_version ${result.from} to ${result.to}`, ...result.steps.map((s) => `  ${s}`), `backup: ${result.backup}`]);
  },
});
