import { defineCommand } from 'citty';
import { cliContext } from '../_context';
import { gatewayManager, gatewaySpec, print } from './spec';

export default defineCommand({
  meta: { name: 'uninstall', description: 'Stop and disable the service and remove its file' },
  async run() {
    print(await gatewayManager(gatewaySpec(cliContext())).uninstall());
  },
});
