import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compiledBinary } from '@devhub/shared/testing';
import { fakeProgram, sandbox } from './helpers';

/**
 * The self-replacing path only exists in a compiled binary, so this runs a copy of the test run's build. The
 * "release" served by the manifest is a second copy of the same build: the replacement shows as a
 * new inode (atomic rename), the bytes stay runnable.
 */
const box = sandbox('mp-update-bin-');
const binary = join(box.home, 'modelproxy');
const release = join(box.home, 'release-modelproxy');
let hash = '';
let server: ReturnType<typeof Bun.serve>;
const bin = join(box.home, 'fakebin');
const platform = `${process.platform}-${process.arch}`;

beforeAll(async () => {
  // The run's one build of modelproxy, copied: this test replaces its copy in place.
  const built = await compiledBinary('proxy', 'modelproxy');
  copyFileSync(built, binary);
  copyFileSync(built, release);
  hash = createHash('sha256').update(readFileSync(release)).digest('hex');
  server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req) {
      const path = new URL(req.url).pathname;
      if (path === '/good.json') return Response.json({ version: '99.0.0', platforms: { [platform]: { url: '/release', sha256: hash } } });
      if (path === '/bad.json') return Response.json({ version: '99.0.0', platforms: { [platform]: { url: '/release', sha256: '0'.repeat(64) } } });
      if (path === '/release') return new Response(Bun.file(release));
      return new Response('not found', { status: 404 });
    },
  });
  // The service step must not reach the real systemd: a stand-in reports the unit inactive.
  fakeProgram(bin, 'systemctl', 'printf "ActiveState=inactive\\nSubState=dead\\nMainPID=0\\n"');
}, 120_000);
afterAll(async () => {
  await server?.stop(true);
  box[Symbol.dispose]();
});

async function runBinary(args: string[]) {
  await using proc = Bun.spawn([binary, ...args], { env: { ...box.env, PATH: `${bin}:/usr/bin:/bin` }, stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, code };
}

describe('compiled modelproxy update', () => {
  it('refuses a release whose sha256 does not match and keeps running the old binary', async () => {
    const before = statSync(binary).ino;
    const r = await runBinary(['update', '--manifest', `http://127.0.0.1:${server.port}/bad.json`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('sha256 mismatch');
    expect(statSync(binary).ino).toBe(before);
  });

  it('downloads, verifies and atomically replaces itself, then migrates the config', async () => {
    const before = statSync(binary).ino;
    const r = await runBinary(['update', '--manifest', `http://127.0.0.1:${server.port}/good.json`]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`replaced ${binary} with 99.0.0`);
    expect(r.stdout).toContain('config_version 1; nothing to do');
    // No unit file in this home: no `service start` advice for a service that does not exist.
    expect(r.stdout).toContain('no service is installed; restart a running `modelproxy serve` yourself');
    expect(r.stdout).not.toContain('service start');
    expect(statSync(binary).ino).not.toBe(before);
    expect(createHash('sha256').update(readFileSync(binary)).digest('hex')).toBe(hash);
    expect((await runBinary(['config', 'path'])).stdout.trim()).toBe(join(box.dir, 'config.yaml'));
  });
});
