import { defineCommand } from 'citty';
import { cliContext } from '../_context';
import { gatewayManager, gatewaySpec, print } from './spec';

export default defineCommand({
  meta: { name: 'restart', description: 'Restart the service' },
  async run() {
    const manager = gatewayManager(gatewaySpec(cliContext()));
    await manager.restart();
    print(`restarted (${manager.kind})`);
  },
});
