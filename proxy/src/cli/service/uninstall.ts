import { defineCommand } from 'citty';
import { print } from '../_args';
import { loadContext } from '../_context';
import { detectManager } from './detect';

export default defineCommand({
  meta: { name: 'uninstall', description: 'Stop and disable the service and remove its file' },
  async run() {
    print(await detectManager(loadContext().dir).uninstall());
  },
});
