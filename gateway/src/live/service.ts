import type { GatewayContext, GatewayService } from '../runtime/types';
import { HookTailer, type LastHook } from './hook-tailer';
import { PollLoop } from './loop';
import { MonitorService } from './monitor-service';
import { StatusService } from './status-service';

/** How soon a window that just turned done is read again for the shell's reason (see StatusService). */
const RECHECK_MS = 300;

/**
 * The newer of the last hook event and the transcript's last end of turn (assistants without
 * hooks, such as Codex, say so in their transcript), the latter read as a Stop.
 */
function turnSignal(hook: LastHook | undefined, turnEndMs: number | undefined): LastHook | undefined {
  if (turnEndMs === undefined || (hook && hook.atMs >= turnEndMs)) return hook;
  return { event: 'Stop', atMs: turnEndMs };
}

/** The running background services, reachable by tests and benchmarks. */
export interface Live {
  monitor: MonitorService;
  hooks: HookTailer;
  status: StatusService;
  /** One monitor + hook pass and one status pass, now. */
  tickAll(): Promise<void>;
}

/**
 * Transcript monitor + hook tailer on MONITOR_POLL_INTERVAL, status poller (with window.change and
 * autoclose) on GW_STATUS_POLL_INTERVAL. Windows created after start inherit GW_DIR from the tmux
 * session (and from the window's own environment, see sessions/create.ts), so `agentgw hook` finds
 * this gateway's state directory.
 */
export class LiveService implements GatewayService {
  readonly name = 'live';
  live: Live | null = null;
  private loops: PollLoop[] = [];

  async start(ctx: GatewayContext): Promise<void> {
    await ctx.tmux.client.tryExec(['set-environment', '-t', `=${ctx.tmux.session}`, 'GW_DIR', ctx.config.state_dir]);
    const monitor = new MonitorService(ctx);
    const hooks = new HookTailer(ctx, (windowId, path) => monitor.setTranscript(windowId, path), (thread) => monitor.windowOfThread(thread));
    // The status service and its loop refer to each other.
    let statusLoop: PollLoop;
    const status = new StatusService(ctx, {
      lastActivity: (id) => monitor.lastActivity(id),
      lastHook: (id) => turnSignal(hooks.lastHook.get(id), monitor.lastTurnEnd(id)),
      recheckSoon: () => statusLoop.nudge(RECHECK_MS),
    });
    // New hook lines or transcript messages are classified now, not at the status loop's next turn.
    const monitorTick = () => { if (hooks.poll() + monitor.tick() > 0) statusLoop.nudge(); };
    this.live = { monitor, hooks, status, tickAll: async () => { hooks.poll(); monitor.tick(); await status.tick(); } };
    statusLoop = new PollLoop('status', ctx.config.status_poll_interval * 1000, () => status.tick(), ctx.log);
    this.loops = [new PollLoop('monitor', ctx.config.monitor_poll_interval * 1000, monitorTick, ctx.log), statusLoop];
    for (const loop of this.loops) loop.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.loops.map((loop) => loop.stop()));
    this.live?.monitor.monitor.flush();
    this.loops = [];
  }
}
