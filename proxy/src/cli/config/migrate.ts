import { defineCommand } from 'citty';
import { CONFIG_VERSION, configPath, ensureProxyStateDir, loadProxyConfig } from '../../config';
import { migrateConfigFile } from '../../migrations';
import { print } from '../_args';

export default defineCommand({
  meta: { name: 'migrate', description: 'Upgrade config.yaml to the current config_version (backup first, atomic rewrite)' },
  run() {
    const path = configPath(ensureProxyStateDir());
    const result = migrateConfigFile(path);
    if (!result) {
      // Nothing to migrate is only "nothing to do" for a file that loads: a broken one (not YAML,
      // not a mapping, failing the schema) is a config error (exit 2), and a missing one gets the
      // commented default, as with every other command.
      loadProxyConfig(path);
      return print(`${path} is at config_version ${CONFIG_VERSION}; nothing to do`);
    }
    print([`migrated ${path} from config_version ${result.from} to ${result.to}`, ...result.steps.map((s) => `  ${s}`), `backup: ${result.backup}`]);
  },
});
