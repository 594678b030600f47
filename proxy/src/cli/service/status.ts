import { defineCommand } from 'citty';
import { print } from '../_args';
import { loadContext } from '../_context';
import { describeServer, serverState } from '../_running';
import { detectManager } from './detect';
import { ExitStatus } from '@devhub/shared';

export default defineCommand({
  meta: { name: 'status', description: 'Show whether the service is installed and running' },
  args: { json: { type: 'boolean', description: 'Structured output', default: false } },
  async run({ args }) {
    const { dir, config } = loadContext();
    const manager = detectManager(dir);
    const state = await manager.state();
    const server = await serverState(config, dir);
    // Both forms exit 1 when the service is not running, so a script gets the same answer from either.
    if (args.json) print(JSON.stringify({ manager: manager.kind, file: manager.file, ...state, server }, null, 2));
    else {
      print([
        `service: ${state.installed ? `installed (${manager.file})` : 'not installed (modelproxy service install)'}`,
        `state:   ${state.detail}${state.pid ? `, pid ${state.pid}` : ''}`,
        `server:  ${describeServer(server)}`,
      ]);
    }
    if (!state.active) throw new ExitStatus(1);
  },
});
