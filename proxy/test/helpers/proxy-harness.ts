import { createLogger } from '@devhub/shared';
import { TempDirs } from '@devhub/shared/testing';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { createApp } from '../../src/app';
import { LISTEN_OPTIONS } from '../../src/listen-options';
import { loadProxyConfig } from '../../src/config/load';
import { AccountingStore } from '../../src/accounting/store';
import { configPath, requestsDbPath, requestsLogPath, usageCachePath } from '../../src/config/paths';
import { KeyPool } from '../../src/upstream/key-pool';
import { RequestLog } from '../../src/upstream/request-log';
import { ProxyState } from '../../src/upstream/state';

const dirs = new TempDirs('modelproxy-test-');

/** A temporary directory, removed by `removeTempDirs` (each file runs it in `afterAll`). */
export const tempDir = (prefix?: string) => dirs.make(prefix);

/**
 * Removes every directory `tempDir` and `harness` made so far. Test files run one after another, so
 * `afterAll(removeTempDirs)` in a file removes that file's directories (and any an earlier file left).
 */
export const removeTempDirs = () => dirs.removeAll();

/**
 * The environment of a real Claude Code child: its own HOME, and its temporary files (`claude-<uid>/`,
 * `cc-socks/`) in a directory inside that HOME instead of /tmp.
 */
export function claudeEnv(home: string, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const tmp = join(home, 'tmp');
  mkdirSync(tmp, { recursive: true });
  return { PATH: process.env.PATH, HOME: home, TMPDIR: tmp, CLAUDE_CODE_TMPDIR: tmp, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1', ...extra };
}

/** The real Claude Code CLI (a dev dependency); its tests skip when it is not installed. */
export const CLAUDE = join(import.meta.dir, '../../node_modules/.bin/claude');

/**
 * Runs the real Claude Code once in print mode (`claude -p 'say pong'`) in `<home>/proj`, with
 * onboarding done and, given `clientKey`, that key approved so print mode never asks (then
 * ANTHROPIC_BASE_URL is `baseUrl` and ANTHROPIC_API_KEY the key; without one, `home`'s own
 * settings say where to go). Killed after 90 s.
 */
export async function claudePrint(home: string, connect: { baseUrl: string; clientKey: string } | null, args: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  const project = join(home, 'proj');
  mkdirSync(project, { recursive: true });
  if (connect) {
    writeFileSync(join(home, '.claude.json'), JSON.stringify({ hasCompletedOnboarding: true, theme: 'dark', customApiKeyResponses: { approved: [connect.clientKey.slice(-20)], rejected: [] } }));
  }
  await using proc = Bun.spawn([CLAUDE, '-p', 'say pong', ...args], {
    cwd: project,
    env: claudeEnv(home, connect ? { ANTHROPIC_BASE_URL: connect.baseUrl, ANTHROPIC_API_KEY: connect.clientKey } : {}),
    stdin: 'ignore', stdout: 'pipe', stderr: 'pipe',
  });
  const timer = setTimeout(() => proc.kill(), 90_000);
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** A config with one provider per entry of `providers` (name → base URL and keys) and a catch-all route. */
export function configFor(providers: Record<string, { url: string; keys: string[]; usage_adapter?: string }>, extra: Record<string, unknown> = {}) {
  const first = Object.keys(providers)[0]!;
  return {
    config_version: 1,
    providers: Object.fromEntries(Object.entries(providers).map(([name, p]) => [name, {
      base_url: p.url, api_keys: p.keys.map((key, i) => ({ key, note: `k${i + 1}` })), ...(p.usage_adapter ? { usage_adapter: p.usage_adapter } : {}),
    }])),
    routes: { timed: [], default: [{ match: '.*', provider: first }] },
    ...extra,
  };
}

export interface Harness {
  dir: string;
  file: string;
  state: ProxyState;
  pool: KeyPool;
  app: ReturnType<typeof createApp>;
  /** The requests.db writer, when the harness was asked for accounting. */
  accounting: AccountingStore | null;
  /** requests.jsonl as parsed lines, after pending writes reached the file. */
  logLines(): Promise<Record<string, unknown>[]>;
  /** Serves the app on a real socket (port 0); `idleTimeout` replaces LISTEN_OPTIONS' (seconds). */
  listen(options?: { idleTimeout?: number }): { url: string; stop(): Promise<void> };
}

/** Writes the config into a temp state dir, loads it like `serve` does and builds the app. */
export function harness(config: unknown, options: { now?: () => Date; clock?: () => number; accounting?: boolean; quiet?: boolean } = {}): Harness {
  const dir = tempDir();
  const file = configPath(dir);
  writeFileSync(file, stringify(config));
  const log = createLogger('proxy-test', options.quiet ? -999 : undefined);
  const pool = new KeyPool(options.clock);
  const state = new ProxyState(loadProxyConfig(file), pool);
  const requestLog = new RequestLog(requestsLogPath(dir), log);
  const accounting = options.accounting ? new AccountingStore(requestsDbPath(dir), log) : null;
  const app = createApp({
    state, log, requestLog, now: options.now, ...(accounting ? { accounting } : {}),
    usageCachePath: usageCachePath(dir), requestsDbPath: requestsDbPath(dir),
  });
  return {
    dir, file, state, pool, app, accounting,
    async logLines() {
      await requestLog.drain();
      const path = requestsLogPath(dir);
      if (!existsSync(path)) return [];
      return readFileSync(path, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    },
    listen(options = {}) {
      const server = app.listen({ hostname: '127.0.0.1', port: 0, ...LISTEN_OPTIONS, ...options });
      return { url: `http://127.0.0.1:${server.server!.port}`, stop: async () => { await app.stop(true); } };
    },
  };
}

export const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
