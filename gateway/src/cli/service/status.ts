import { defineCommand } from 'citty';
import { cliContext } from '../_context';
import { gatewayManager, gatewaySpec, print } from './spec';
import { ExitStatus } from '@devhub/shared';

export default defineCommand({
  meta: { name: 'status', description: 'Show whether the service is installed and running (exit 0 running, 1 not)' },
  async run() {
    const manager = gatewayManager(gatewaySpec(cliContext()));
    const state = await manager.state();
    print([
      `service: ${state.installed ? `installed (${manager.file})` : 'not installed (agentgw service install)'}`,
      `state:   ${state.detail}${state.pid ? `, pid ${state.pid}` : ''}`,
    ]);
    if (!state.active) throw new ExitStatus(1);
  },
});
