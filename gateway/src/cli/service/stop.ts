import { defineCommand } from 'citty';
import { cliContext } from '../_context';
import { gatewayManager, gatewaySpec, print } from './spec';

export default defineCommand({
  meta: { name: 'stop', description: 'Stop the service' },
  async run() {
    const manager = gatewayManager(gatewaySpec(cliContext()));
    await manager.stop();
    print(`stopped (${manager.kind})`);
  },
});
