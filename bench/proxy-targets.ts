/** Starts the processes bench/proxy.ts measures: the mock upstream, modelproxy, claude-code-router. */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Target {
  name: string;
  url: string;
  /** Its process (bench/proxy-ab.ts reads its CPU time). */
  pid?: number;
  /** Stops the process and, once it has exited, removes its temp dir (a process still shutting down could write into it again). */
  stop(): Promise<void>;
}

const ROOT = join(import.meta.dir, '..');

/** Spawns a process and resolves with the first match of `ready` in its output. */
async function spawnUntil(argv: string[], env: Record<string, string>, ready: RegExp, timeoutMs = 30_000): Promise<{ proc: Bun.Subprocess; match: RegExpExecArray }> {
  const proc = Bun.spawn(argv, { env: { ...process.env, ...env }, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
  let text = '';
  const decoder = new TextDecoder();
  const pump = async (s: ReadableStream<Uint8Array>) => { for await (const c of s) text += decoder.decode(c, { stream: true }); };
  void pump(proc.stdout as ReadableStream<Uint8Array>);
  void pump(proc.stderr as ReadableStream<Uint8Array>);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = ready.exec(text);
    if (match) return { proc, match };
    if (proc.exitCode !== null) break;
    await Bun.sleep(20);
  }
  proc.kill();
  throw new Error(`${argv.join(' ')} did not become ready: ${text.slice(-500)}`);
}

export async function startMock(): Promise<Target> {
  const { proc, match } = await spawnUntil(['bun', join(import.meta.dir, 'proxy-mock-upstream.ts')], {}, /port (\d+)/);
  return { name: 'direct', url: `http://127.0.0.1:${match[1]}`, pid: proc.pid, stop: async () => { proc.kill(); await proc.exited; } };
}

/** The bare forwarder; `tap`: its answers go through modelproxy's body tap (bench/proxy-first-byte.ts). */
export async function startFloor(upstream: string, options: { tap?: boolean; name?: string } = {}): Promise<Target> {
  const { proc, match } = await spawnUntil(['bun', join(import.meta.dir, 'proxy-floor.ts'), upstream, ...(options.tap ? ['--tap'] : [])], {}, /port (\d+)/);
  return { name: options.name ?? 'bare hop', url: `http://127.0.0.1:${match[1]}`, pid: proc.pid, stop: async () => { proc.kill(); await proc.exited; } };
}

/**
 * `modelproxy serve` in its own process and state dir; `accounting: false` switches token accounting
 * off; `root`: the source tree to run it from (default: this one). The mock's model takes images, so the screenshot goes through as it came, as through the others.
 */
export async function startModelproxy(upstream: string, options: { accounting: boolean; name: string; root?: string }): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'modelproxy-bench-'));
  writeFileSync(join(dir, 'config.yaml'), `providers:\n  mock:\n    base_url: ${upstream}\n    api_keys: [{ key: sk-bench-key-0001 }]\nroutes:\n  default: [{ match: ".*", provider: mock }]\nmultimodal_models: [m1]\naccounting: { enabled: ${options.accounting} }\n`);
  const { proc, match } = await spawnUntil(
    ['bun', join(options.root ?? ROOT, 'proxy/src/cli/index.ts'), 'serve', '--port', '0'],
    { MODELPROXY_DIR: dir, HOME: dir, LOG_LEVEL: 'info', NO_COLOR: '1' },
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
  return { name: options.name, url: match[1]!, pid: proc.pid, stop: async () => { proc.kill(); await proc.exited; rmSync(dir, { recursive: true, force: true }); } };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * claude-code-router 2.0.0, proxy/'s dev dependency (3.x did not install on the development machine),
 * started in the foreground with its own HOME. It runs offline: its config names only the mock.
 */
export async function startCcr(upstream: string): Promise<Target> {
  const bin = join(ROOT, 'proxy/node_modules/@musistudio/claude-code-router/dist/cli.js');
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run bun install`);
  const home = mkdtempSync(join(tmpdir(), 'modelproxy-bench-ccr-home-'));
  const port = await freePort();
  mkdirSync(join(home, '.claude-code-router'), { recursive: true });
  writeFileSync(join(home, '.claude-code-router/config.json'), JSON.stringify({
    LOG: false, HOST: '127.0.0.1', PORT: port,
    Providers: [{ name: 'mock', api_base_url: `${upstream}/v1/messages`, api_key: 'sk-mock', models: ['m1'], transformer: { use: ['Anthropic'] } }],
    Router: { default: 'mock,m1' },
  }));
  const proc = Bun.spawn(['node', bin, 'start'], { env: { ...process.env, HOME: home }, stdin: 'ignore', stdout: 'ignore', stderr: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'x' }, body: JSON.stringify({ model: 'm1', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }) });
      if (res.ok) { await res.text(); return { name: 'ccr 2.0.0', url, stop: async () => { proc.kill(); await proc.exited; rmSync(home, { recursive: true, force: true }); } }; }
      await res.text();
    } catch { /* not up yet */ }
    if (proc.exitCode !== null) break;
    await Bun.sleep(100);
  }
  proc.kill();
  await proc.exited;
  rmSync(home, { recursive: true, force: true });
  throw new Error('claude-code-router did not start');
}

/** The mock OpenAI-format upstream (bench/proxy-mock-openai.ts). */
export async function startOpenAIMock(): Promise<Target> {
  const { proc, match } = await spawnUntil(['bun', join(import.meta.dir, 'proxy-mock-openai.ts')], {}, /port (\d+)/);
  return { name: 'direct openai', url: `http://127.0.0.1:${match[1]}`, pid: proc.pid, stop: async () => { proc.kill(); await proc.exited; } };
}

/**
 * `modelproxy serve` with two providers: `mock` (Anthropic format, the catch-all route) and `oai`
 * (`format: openai`, for models matching `to-openai`), for bench/proxy-translate.ts.
 */
export async function startTranslatingModelproxy(anthropic: string, openai: string): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'modelproxy-bench-'));
  writeFileSync(join(dir, 'config.yaml'), [
    'providers:',
    `  mock: { base_url: "${anthropic}", api_keys: [{ key: sk-bench-key-0001 }] }`,
    `  oai: { base_url: "${openai}/v1", format: openai, api_keys: [{ key: sk-bench-key-0002 }] }`,
    'routes:',
    '  default: [{ match: to-openai, provider: oai, model: m1 }, { match: ".*", provider: mock }]',
    'multimodal_models: [m1, to-openai]',
    '',
  ].join('\n'));
  const { proc, match } = await spawnUntil(
    ['bun', join(ROOT, 'proxy/src/cli/index.ts'), 'serve', '--port', '0'],
    { MODELPROXY_DIR: dir, HOME: dir, LOG_LEVEL: 'info', NO_COLOR: '1' },
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
  return { name: 'modelproxy', url: match[1]!, pid: proc.pid, stop: async () => { proc.kill(); await proc.exited; rmSync(dir, { recursive: true, force: true }); } };
}
