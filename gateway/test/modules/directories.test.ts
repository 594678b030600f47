import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { chmodSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, testEnv, teardown } from '../helpers/gateway';

const env = testEnv('dirs');
let t: Awaited<ReturnType<typeof startTestApp>>;
const root = join(env.dir, 'tree');

beforeAll(async () => {
  for (const d of ['b-dir', 'a-dir', '.hidden', 'a-dir/inner']) mkdirSync(join(root, d), { recursive: true });
  writeFileSync(join(root, 'file.txt'), 'x');
  symlinkSync(join(root, 'a-dir'), join(root, 'link-to-a'));
  t = await startTestApp(env.config());
});
afterAll(() => teardown(() => t?.gateway.stop(), env.cleanup));

/** A directory this process cannot list: chmod 000 for a normal user; root needs a kernel-guarded one. */
function unreadableDirectory(): string | null {
  const locked = join(env.dir, 'locked');
  mkdirSync(locked, { recursive: true });
  chmodSync(locked, 0o000);
  for (const candidate of [locked, '/proc/1/map_files']) {
    try {
      readdirSync(candidate);
    } catch (error) {
      if (['EACCES', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) return candidate;
    }
  }
  return null;
}

describe('POST /directories/browse', () => {
  it('lists visible subdirectories sorted, following symlinks, with the parent', async () => {
    const res = await t.call('POST', '/api/v1/directories/browse', { path: root });
    expect(res).toMatchObject({ status: 200, body: { path: root, directories: ['a-dir', 'b-dir', 'link-to-a'], parent: env.dir } });
  });

  it('resolves `..` and ~', async () => {
    const up = await t.call('POST', '/api/v1/directories/browse', { path: `${root}/a-dir/inner/../..` });
    expect(up.body.path).toBe(root);
    const home = await t.call('POST', '/api/v1/directories/browse', { path: '~' });
    expect(home.status).toBe(200);
    const top = await t.call('POST', '/api/v1/directories/browse', { path: '/' });
    expect(top.body).toMatchObject({ path: '/', parent: '/' });
  });

  it('answers 400 for a file or a missing path and 422 without a path', async () => {
    const file = join(root, 'file.txt');
    expect(await t.call('POST', '/api/v1/directories/browse', { path: file })).toMatchObject({ status: 400, body: { detail: `Not a directory: ${file}` } });
    expect((await t.call('POST', '/api/v1/directories/browse', { path: join(root, 'missing') })).status).toBe(400);
    expect((await t.call('POST', '/api/v1/directories/browse', {})).status).toBe(422);
  });

  const locked = unreadableDirectory();
  it.skipIf(locked === null)('answers 403 when the directory cannot be read', async () => {
    expect(await t.call('POST', '/api/v1/directories/browse', { path: locked })).toMatchObject({ status: 403, body: { detail: `Permission denied: ${locked}` } });
    chmodSync(join(env.dir, 'locked'), 0o700);
  });

  it('exists only as POST', async () => {
    expect((await t.call('GET', '/api/v1/directories/browse')).status).toBe(404);
    expect(existsSync(root)).toBe(true);
  });
});
