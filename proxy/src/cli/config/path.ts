import { defineCommand } from 'citty';
import { configPath, stateDir } from '../../config';
import { print } from '../_args';

export default defineCommand({
  meta: { name: 'path', description: 'Print the path of config.yaml' },
  run() {
    print(configPath(stateDir()));
  },
});
