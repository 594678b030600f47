import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayFeatures } from '../../../src/app';
import { BridgeService } from '../../../src/bridge/service';
import { LiveService, screenshotWindow } from '../../../src/live';
import { NotifyService } from '../../../src/notify';
import type { RunningServer } from '../../../src/server';
import { startTestServer, type TestEnv } from '../../helpers/gateway';
import { recordingLog } from './log';

/**
 * A real gateway with the chat bridge, for the bridge tests: fast polls, a 100×30 window, the
 * bridge's edits and pane reads every 100 ms, sessions started in `<env>/work`, and the log
 * recorded (`lines`) so a test can check what was logged and that no secret was.
 */
export function bridgeGateway(env: TestEnv) {
  const { log, lines } = recordingLog();
  const bridge = new BridgeService({ screenshot: screenshotWindow });
  const work = join(env.dir, 'work');
  return {
    bridge, lines, work,
    /** Starts it with these platforms (`bridge` config without the common settings) and any other config keys. */
    start(platforms: Record<string, unknown>, config: Record<string, unknown> = {}): Promise<RunningServer> {
      mkdirSync(work);
      return startTestServer(env.config({
        monitor_poll_interval: 0.1, status_poll_interval: 0.1, autoclose_done_minutes: 0, window_width: 100, window_height: 30,
        ...config,
        bridge: { default_dir: work, edit_interval_ms: 100, pane_poll_ms: 100, ...platforms },
      }), { ...gatewayFeatures(new LiveService(), new NotifyService([]), bridge), log });
    },
  };
}
