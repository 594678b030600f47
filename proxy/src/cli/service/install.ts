import { defineCommand } from 'citty';
import { print } from '../_args';
import { loadContext } from '../_context';
import { detectManager, serviceFileContent } from './detect';

export default defineCommand({
  meta: { name: 'install', description: 'Write the unit/plist, enable it and start the service' },
  args: { 'dry-run': { type: 'boolean', description: 'Print the service file instead of installing it', default: false } },
  async run({ args }) {
    const { dir } = loadContext();
    const manager = detectManager(dir);
    const content = serviceFileContent(dir, manager.kind);
    if (args['dry-run']) return print([`# ${manager.file}`, content.trimEnd()]);
    print(await manager.install(content));
  },
});
