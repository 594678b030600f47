import { defineCommand } from 'citty';
import { cliContext } from '../_context';
import { gatewayManager, gatewaySpec, print } from './spec';

export default defineCommand({
  meta: { name: 'start', description: 'Start the service' },
  async run() {
    const manager = gatewayManager(gatewaySpec(cliContext()));
    await manager.start();
    print(`started (${manager.kind})`);
  },
});
