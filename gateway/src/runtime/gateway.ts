import { createLogger, type Logger, removeStaleTempFiles } from '@devhub/shared';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import type { GatewayConfig } from '../config';
import { EventBus } from '../events';
import { SessionIds, StateStore, statePaths } from '../state';
import { StatusBoard } from '../status/board';
import { Tmux } from '../tmux';
import { BackgroundWork } from './background';
import { reconcile } from './reconcile';
import type { GatewayContext, GatewayFeatures, GatewayService, ScreenshotRenderer } from './types';

/**
 * The gateway's life cycle, independent of HTTP: `start()` prepares the state directory and the
 * tmux session, reconciles state.json with tmux, then starts the feature services; until it finishes
 * `ready` is false and the API answers 503.
 */
export class Gateway {
  readonly ctx: GatewayContext;
  readonly screenshot: ScreenshotRenderer | null;
  /** When this gateway process was created: a client that sees it change knows the gateway restarted. */
  readonly startedAt = new Date().toISOString();
  private readonly services: GatewayService[];
  private readonly started: GatewayService[] = [];
  private state: 'new' | 'starting' | 'ready' | 'stopped' = 'new';

  constructor(config: GatewayConfig, options: GatewayFeatures & { log?: Logger; tmuxEnv?: Record<string, string> } = {}) {
    const log = options.log ?? createLogger('gateway');
    const paths = statePaths(config.state_dir);
    mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
    this.ctx = {
      config, paths, tmux: Tmux.fromConfig(config, options.tmuxEnv), store: new StateStore(paths.state, log),
      sessions: new SessionIds(paths.sessionMap, log), bus: new EventBus(log), statuses: new StatusBoard(),
      background: new BackgroundWork(log), log,
    };
    this.services = options.services ?? [];
    this.screenshot = options.screenshot ?? null;
  }

  get ready(): boolean { return this.state === 'ready'; }

  async start(): Promise<void> {
    if (this.state !== 'new') return;
    this.state = 'starting';
    // events.jsonl exists from the first start so hooks can append without creating it.
    closeSync(openSync(this.ctx.paths.events, 'a', 0o600));
    // A gateway (or hook) killed in the middle of an atomic write left its temp file behind.
    const stale = removeStaleTempFiles(this.ctx.paths.dir);
    if (stale.length) this.ctx.log.info(`removed ${stale.length} temp file(s) of interrupted writes: ${stale.join(', ')}`);
    await this.ctx.tmux.ensureSession();
    this.ctx.store.reload();
    await reconcile(this.ctx);
    for (const service of this.services) {
      await service.start(this.ctx);
      this.started.push(service);
    }
    this.state = 'ready';
  }

  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    await this.ctx.background.stop();
    for (const service of this.started.reverse()) {
      try {
        await service.stop();
      } catch (error) {
        this.ctx.log.warn(`stopping ${service.name} failed: ${(error as Error).message}`);
      }
    }
    this.started.length = 0;
  }
}
