#!/usr/bin/env bun
/**
 * `bun run start`: runs the three servers with their defaults, prints their URLs once each
 * answers its health check, and stops all of them on Ctrl-C / SIGTERM. A server that cannot run
 * (the gateway without tmux, a port in use) is reported and the others keep serving; when none
 * is left, the launcher exits 1.
 *
 * Each server runs in its own process group: Ctrl-C in a terminal signals the whole foreground
 * group, and a server that got both the terminal's SIGINT and our SIGTERM stopped twice (mahjong
 * printed "Elysia isn't running" with a stack trace). Only this launcher hears the terminal; each
 * server gets exactly one SIGTERM.
 *
 * The URL printed is where the server says it listens (the address record it writes, see
 * products.ts), so a port set in its config.yaml is found too; without such a record (mahjong) it
 * is what the environment and the defaults give.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger, displayUrl, resolveListen, resolveStateDir } from '../src/index';
import { PRODUCTS } from './products';

const log = createLogger('start');
const root = join(import.meta.dir, '..', '..');

const children = PRODUCTS.map((product) => ({
  product,
  proc: Bun.spawn(['bun', join(root, product.pkg, 'src/cli/index.ts'), 'serve'], {
    cwd: root,
    stdin: 'ignore',
    stdout: 'inherit',
    stderr: 'inherit',
    detached: true,
  }),
}));

let stopping = false;
async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const { proc } of children) proc.kill('SIGTERM');
  const killer = setTimeout(() => children.forEach(({ proc }) => proc.kill('SIGKILL')), 5000);
  await Promise.all(children.map(({ proc }) => proc.exited));
  clearTimeout(killer);
  log.info('all servers stopped');
  process.exit(code);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
process.on('SIGHUP', () => stopAll(0)); // the terminal closed: its signal no longer reaches the servers

const running = new Set(children.map(({ product }) => product.bin));
for (const { product, proc } of children) {
  proc.exited.then((code) => {
    running.delete(product.bin);
    if (stopping) return;
    log.error(`${product.bin} exited with code ${code}; see its message above${running.size ? `. Still serving: ${[...running].join(', ')}` : ''}`);
    if (running.size === 0) void stopAll(1);
  });
}

/** The address `pid` recorded as its own in the product's state directory, or null. */
function recordedListen(product: (typeof PRODUCTS)[number], pid: number): { host: string; port: number } | null {
  if (!product.record) return null;
  try {
    const record = JSON.parse(readFileSync(join(resolveStateDir(product.record), product.record.file), 'utf8')) as { pid?: unknown; host?: unknown; port?: unknown };
    if (record.pid === pid && typeof record.host === 'string' && typeof record.port === 'number') return { host: record.host, port: record.port };
  } catch { /* not written yet */ }
  return null;
}

await Promise.all(children.map(async ({ product, proc }) => {
  for (let attempt = 0; attempt < 100 && !stopping && running.has(product.bin); attempt++) {
    const listen = recordedListen(product, proc.pid) ?? resolveListen({}, product.env, product);
    const url = displayUrl(listen.host, listen.port);
    try {
      const res = await fetch(url + product.health);
      if (res.ok) return log.success(`${product.bin.padEnd(10)} ${url}  (API docs ${url}/docs)`);
    } catch { /* not up yet */ }
    await Bun.sleep(100);
  }
}));
if (!stopping) log.info('press Ctrl-C to stop');
