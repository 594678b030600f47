import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PRODUCTS } from '../shared/scripts/products';
import { killTmuxServer } from './helpers/tmux';
import { compiledBinary, useTempDirs, waitFor } from '../shared/src/testing';

const root = join(import.meta.dir, '..');
const binaries = new Map<string, string>();
const home = useTempDirs(afterAll).make('devhub-home-');
// A compiled binary unpacks its native modules (the gateway's canvas, `.bun-*.node`) into TMPDIR.
const tmp = join(home, 'tmp');
mkdirSync(tmp);
const env = {
  ...process.env,
  HOME: home,
  TMPDIR: tmp,
  MODELPROXY_DIR: join(home, '.modelproxy'),
  GW_DIR: join(home, '.agentgw'),
  MAHJONG_DIR: join(home, '.mahjong'),
  GW_TMUX_SOCKET: `devhub-bin-${process.pid}`,
  NO_COLOR: '1',
  LOG_LEVEL: 'info',
};

async function waitForListening(proc: Bun.Subprocess<'ignore', 'pipe', 'pipe'>): Promise<string> {
  // Servers print "listening on http://host:port"; read until that line appears (bounded).
  const decoder = new TextDecoder();
  let seen = '';
  const deadline = Date.now() + 20_000;
  const readers = [proc.stdout.getReader(), proc.stderr.getReader()];
  while (Date.now() < deadline) {
    const chunk = await Promise.race(readers.map((r) => r.read()));
    if (chunk.done) break;
    seen += decoder.decode(chunk.value);
    const match = seen.match(/https?:\/\/[\d.]+:(\d+)/);
    if (match) return `http://127.0.0.1:${match[1]}`;
  }
  throw new Error(`server never said where it listens; output:\n${seen}`);
}

beforeAll(async () => {
  for (const product of PRODUCTS) binaries.set(product.bin, await compiledBinary(product.pkg, product.bin));
}, 180_000);

afterAll(async () => {
  // The gateway starts its own tmux server on GW_TMUX_SOCKET; never leave it behind.
  await killTmuxServer(env.GW_TMUX_SOCKET);
});

describe.each(PRODUCTS.map((p) => [p.bin, p] as const))('compiled %s', (_name, product) => {
  const bin = () => binaries.get(product.bin)!;

  it('prints help listing the serve command', async () => {
    await using proc = Bun.spawn([bin(), '--help'], { env, stdout: 'pipe', stderr: 'pipe' });
    const out = await new Response(proc.stdout).text();
    expect(await proc.exited).toBe(0);
    expect(out).toContain(product.bin);
    expect(out).toContain('serve');
  });

  it('prints its version', async () => {
    await using proc = Bun.spawn([bin(), '--version'], { env, stdout: 'pipe', stderr: 'pipe' });
    const out = (await new Response(proc.stdout).text()).trim();
    const pkg = await Bun.file(join(root, product.pkg, 'package.json')).json();
    expect(await proc.exited).toBe(0);
    expect(out).toBe(pkg.version);
  });

  it('serves its health endpoint on a free port and stops on SIGTERM', async () => {
    await using proc = Bun.spawn([bin(), 'serve', '--host', '127.0.0.1', '--port', '0'], { cwd: home, env, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
    const base = await waitForListening(proc);
    const res = await fetch(base + product.health);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('ok');
    const docs = await fetch(`${base}/docs/json`);
    expect(docs.status).toBe(200);
    expect(((await docs.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    // Every product's API page has its assets embedded in the binary (swagger-ui-dist), not loaded from a CDN.
    const page = await (await fetch(`${base}/docs`)).text();
    expect(page).toContain('/docs/assets/swagger-ui-bundle.js');
    expect(page).not.toMatch(/https?:\/\//);
    const bundle = await fetch(`${base}/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(1_000_000);
    for (const asset of ['swagger-ui.css', 'init.js']) expect((await fetch(`${base}/docs/assets/${asset}`)).status).toBe(200);
    expect((await fetch(`${base}/docs/assets/nope.js`)).status).toBe(404);
    if (product.pkg === 'proxy') {
      // So are the dashboard's page, script and styles.
      const dashboard = await (await fetch(`${base}/dashboard`)).text();
      expect(dashboard).toContain('/dashboard/assets/app.js');
      expect(dashboard).not.toMatch(/https?:\/\//);
      for (const asset of ['app.js', 'style.css']) {
        const res = await fetch(`${base}/dashboard/assets/${asset}`);
        expect(res.status).toBe(200);
        expect((await res.text()).length).toBeGreaterThan(1000);
      }
      expect((await fetch(`${base}/dashboard/api/state`)).status).toBe(200);
    }
    if (product.pkg === 'mahjong') {
      // Pages and scripts are embedded in the binary, not read from the source tree.
      for (const path of ['/', '/ai_battle', '/replay', '/static/js/tiles.js', '/room', '/room/room.js']) {
        const page = await fetch(base + path);
        expect(page.status).toBe(200);
        expect((await page.text()).length).toBeGreaterThan(100);
      }
      // Reviews run on the worker entry point the binary carries: answered, and a request sent
      // after four of them is answered before the last (on the server's own thread it would wait
      // for all four).
      const samples = (await (await fetch(`${base}/api/replay/builtin`)).json()) as { paipu_files: string[] };
      const xml = await (await fetch(`${base}/api/replay/builtin/${samples.paipu_files[0]}`)).text();
      const order: string[] = [];
      const reviews = [0, 1, 2, 3].map(() => fetch(`${base}/api/replay/review`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ xml_content: xml }) })
        .then(async (r) => { const body = (await r.json()) as { summary?: unknown }; order.push(`review ${r.status} ${body.summary ? 'with summary' : ''}`); }));
      await Bun.sleep(20);
      const health = fetch(base + product.health).then((r) => { order.push(`health ${r.status}`); });
      await Promise.all([...reviews, health]);
      expect(order.filter((o) => o === 'review 200 with summary')).toHaveLength(4);
      expect(order.indexOf('health 200')).toBeLessThan(3);
    }
    proc.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  });
});

describe('compiled agentgw with a temp folder it cannot use', () => {
  // The binary unpacks the screenshot renderer's native module (@napi-rs/canvas) into TMPDIR; where
  // that fails (a missing, read-only or noexec /tmp) the server still serves, without screenshots.
  it('serves, and answers a screenshot with 404 and a warning saying why', async () => {
    const badTmp = join(home, 'no-such-tmp');
    await using proc = Bun.spawn([binaries.get('agentgw')!, 'serve', '--host', '127.0.0.1', '--port', '0'], {
      cwd: home, env: { ...env, TMPDIR: badTmp }, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe',
    });
    let output = '';
    const reading = Promise.all([proc.stdout, proc.stderr].map(async (stream) => { for await (const chunk of stream) output += new TextDecoder().decode(chunk); }));
    await waitFor(() => /listening on https?:\/\/[\d.]+:\d+/.test(output) || proc.exitCode !== null, 'the gateway to listen or exit', 20_000);
    const port = /listening on https?:\/\/[\d.]+:(\d+)/.exec(output)?.[1];
    expect(port, output).toBeDefined();
    const base = `http://127.0.0.1:${port}/api/v1`;
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const created = await fetch(`${base}/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel_id: 'no-renderer', provider: 'shell', work_dir: home }) });
    expect(created.status).toBe(200);
    const shot = await fetch(`${base}/sessions/no-renderer/screenshot`);
    expect(shot.status).toBe(404);
    expect(((await shot.json()) as { detail: string }).detail).toContain('Screenshot unavailable');
    await waitFor(() => output.includes('screenshots are unavailable'), 'the warning');
    expect(output).toContain(badTmp);
    await fetch(`${base}/sessions/no-renderer`, { method: 'DELETE' });
    proc.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    await reading;
  }, 60_000);
});
