import type { Logger } from '@devhub/shared';
import { loadProxyConfig } from '../config/load';
import type { ProxyConfig } from '../config/schema';
import { KeyPool } from './key-pool';
import { keyWarnings } from './key-warnings';
import { RouteTable } from './router';

/** An immutable view of one config: a request takes one at its start and keeps it to the end. */
export interface Snapshot {
  config: ProxyConfig;
  routes: RouteTable;
  loadedAt: Date;
}

export const snapshotOf = (config: ProxyConfig): Snapshot => ({ config, routes: new RouteTable(config), loadedAt: new Date() });

/**
 * The running proxy's config and key state. `reload` swaps the snapshot in one assignment, so
 * requests in flight finish on the config they started with; an invalid file leaves the old one.
 */
export class ProxyState {
  private snapshot: Snapshot;
  readonly pool: KeyPool;
  /** The file the config came from, named in errors that only an edit can fix. */
  configPath?: string;
  /** The last reload and whether it was taken (the dashboard lists a rejected one as a problem). */
  lastReload?: { at: Date; ok: boolean; reason: string | null };

  constructor(config: ProxyConfig, pool: KeyPool = new KeyPool()) {
    this.snapshot = snapshotOf(config);
    this.pool = pool;
    pool.authCooldownMs = config.server.auth_cooldown * 1000;
  }

  get current(): Snapshot {
    return this.snapshot;
  }

  replace(config: ProxyConfig): void {
    this.snapshot = snapshotOf(config);
    this.pool.authCooldownMs = config.server.auth_cooldown * 1000;
    this.pool.reload();
  }

  /** Re-reads `path`; returns the problem instead of throwing, and keeps the old config on failure. */
  reload(path: string, log: Logger): { ok: true } | { ok: false; reason: string } {
    try {
      const next = loadProxyConfig(path, { create: false });
      this.configPath = path;
      const before = this.snapshot.config.server;
      this.replace(next);
      if (before.host !== next.server.host || before.port !== next.server.port) {
        log.warn('server.host/port changed: the listen address changes only on restart');
      }
      this.lastReload = { at: new Date(), ok: true, reason: null };
      log.info(`config reloaded from ${path} (${Object.keys(next.providers).length} providers)`);
      for (const warning of keyWarnings(next, path)) log.warn(warning);
      return { ok: true };
    } catch (error) {
      const reason = (error as Error).message;
      this.lastReload = { at: new Date(), ok: false, reason };
      log.error(`config reload rejected, keeping the previous config: ${reason}`);
      return { ok: false, reason };
    }
  }
}
