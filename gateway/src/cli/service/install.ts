import { serviceFileContent } from '@devhub/shared/service';
import { defineCommand } from 'citty';
import { listenArgs } from '../_args';
import { cliContext } from '../_context';
import { gatewayManager, gatewaySpec, print } from './spec';

export default defineCommand({
  meta: { name: 'install', description: 'Write the unit/plist running `agentgw server start`, enable it and start it' },
  args: { ...listenArgs, 'dry-run': { type: 'boolean', default: false, description: 'Print the service file instead of installing it' } },
  async run({ args }) {
    const spec = gatewaySpec(cliContext(), { host: args.host, port: args.port });
    const manager = gatewayManager(spec);
    const content = serviceFileContent(spec, manager.kind);
    if (args['dry-run']) return print([`# ${manager.file}`, content.trimEnd()]);
    print(await manager.install(content));
  },
});
