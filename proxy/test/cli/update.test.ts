import { afterAll, describe, expect, it } from 'bun:test';
import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installBinary } from '../../src/cli/update/install';
import { compareVersions, type ReleaseManifest } from '../../src/cli/update/manifest';
import { DEFAULT_CONFIG_YAML } from '../../src/config';
import { VERSION } from '../../src/version';
import { cli, sandbox } from './helpers';

const NEW_BINARY = new TextEncoder().encode('#!/bin/sh\necho new modelproxy\n');
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const PLATFORM = 'linux-x64';

/** Serves manifests and binaries from a table; a release server stand-in. */
const files = new Map<string, Response | (() => Response)>();
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(req) {
    const entry = files.get(new URL(req.url).pathname);
    if (!entry) return new Response('not found', { status: 404 });
    return typeof entry === 'function' ? entry() : entry.clone();
  },
});
const base = `http://127.0.0.1:${server.port}`;
const manifest = (version: string, hash = sha(NEW_BINARY)): ReleaseManifest => ({ version, platforms: { [PLATFORM]: { url: 'bin/modelproxy-linux-x64', sha256: hash } } });
files.set('/bin/modelproxy-linux-x64', () => new Response(NEW_BINARY));
files.set('/newer.json', () => Response.json(manifest('99.0.0')));
files.set('/same.json', () => Response.json(manifest(VERSION)));
files.set('/broken.json', () => Response.json({ version: 'x', platforms: [] }));
// A redirect to plain http on an address that is not loopback (0.0.0.0 still reaches this machine).
files.set('/moved.json', () => new Response(null, { status: 302, headers: { location: `http://0.0.0.0:${server.port}/newer.json` } }));

const box = sandbox('mp-update-');
afterAll(async () => {
  await server.stop(true);
  box[Symbol.dispose]();
});

describe('modelproxy update', () => {
  it('--check reports an available update', async () => {
    const r = await cli(['update', '--check', '--manifest', `${base}/newer.json`], box.env);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`update available: ${VERSION} → 99.0.0`);
  });

  it('says when the program is up to date', async () => {
    const r = await cli(['update'], { ...box.env, MODELPROXY_UPDATE_MANIFEST: `${base}/same.json` });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`modelproxy ${VERSION} is up to date`);
  });

  it('prints the update commands for a source checkout instead of replacing anything', async () => {
    const r = await cli(['update', '--manifest', `${base}/newer.json`], box.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('runs from a source checkout');
    expect(r.stdout).toContain('git pull && bun install');
    expect(r.stdout).toContain('modelproxy config migrate');
  });

  it('rejects a malformed manifest (exit 1) and a missing manifest URL (exit 2)', async () => {
    const bad = await cli(['update', '--manifest', `${base}/broken.json`], box.env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('is malformed');
    const none = await cli(['update'], box.env);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('MODELPROXY_UPDATE_MANIFEST');
  });
});

describe('where a manifest may come from', () => {
  it('only over https (plain http only from this machine): a manifest read over http could be swapped on the way, sha256 and all', async () => {
    for (const url of ['http://releases.example.com/modelproxy.json', 'ftp://releases.example.com/m.json']) {
      const r = await cli(['update', '--check', '--manifest', url], box.env);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('https');
    }
    // Nor may a redirect lead there: it is refused before anything is asked of the new address.
    const moved = await cli(['update', '--check', '--manifest', `${base}/moved.json`], box.env);
    expect(moved.code).toBe(1);
    expect(moved.stderr).toContain(`redirected to http://0.0.0.0:${server.port}/newer.json`);
    expect(moved.stdout).not.toContain('update available');
  });
});

describe('manifest URL from config.yaml', () => {
  it('reads update.manifest_url; --manifest and the environment override it', async () => {
    const own = sandbox('mp-update-cfg-');
    try {
      own.writeConfig(DEFAULT_CONFIG_YAML.replace('manifest_url: ""', `manifest_url: "${base}/newer.json"`));
      const fromConfig = await cli(['update', '--check'], own.env);
      expect(fromConfig.code).toBe(0);
      expect(fromConfig.stdout.trim()).toBe(`update available: ${VERSION} → 99.0.0`);
      const fromFlag = await cli(['update', '--check', '--manifest', `${base}/same.json`], own.env);
      expect(fromFlag.stdout).toContain('is up to date');
      const fromEnv = await cli(['update', '--check'], { ...own.env, MODELPROXY_UPDATE_MANIFEST: `${base}/same.json` });
      expect(fromEnv.stdout).toContain('is up to date');
    } finally {
      own[Symbol.dispose]();
    }
  });

  it('still updates when config.yaml is invalid, using the flag', async () => {
    const own = sandbox('mp-update-bad-');
    try {
      own.writeConfig('providers: [');
      const r = await cli(['update', '--check', '--manifest', `${base}/newer.json`], own.env);
      expect(r.code).toBe(0);
      expect(r.stdout.trim()).toBe(`update available: ${VERSION} → 99.0.0`);
      expect(r.stderr).toContain('config.yaml not read');
    } finally {
      own[Symbol.dispose]();
    }
  });
});

describe('binary replacement', () => {
  it('replaces the target atomically when the sha256 matches', async () => {
    const target = join(box.home, 'modelproxy');
    writeFileSync(target, 'old binary');
    const result = await installBinary(manifest('99.0.0'), `${base}/newer.json`, PLATFORM, target);
    expect(result.sha256).toBe(sha(NEW_BINARY));
    expect(readFileSync(target)).toEqual(Buffer.from(NEW_BINARY));
    expect(statSync(target).mode & 0o777).toBe(0o755);
  });

  it('refuses a download whose sha256 does not match and leaves the target alone', async () => {
    const target = join(box.home, 'modelproxy-2');
    writeFileSync(target, 'old binary');
    await expect(installBinary(manifest('99.0.0', 'a'.repeat(64)), `${base}/newer.json`, PLATFORM, target)).rejects.toThrow(/sha256 mismatch.*nothing was replaced/);
    expect(readFileSync(target, 'utf8')).toBe('old binary');
  });

  it('refuses a platform the release does not ship', async () => {
    await expect(installBinary(manifest('99.0.0'), `${base}/newer.json`, 'plan9-mips', join(box.home, 'x'))).rejects.toThrow(/no binary for plan9-mips/);
  });
});

describe('version order', () => {
  it('orders releases and pre-releases', () => {
    expect(compareVersions('0.2.0', '0.1.9')).toBe(1);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    expect(compareVersions('1.2.0-rc.1', '1.2.0')).toBe(-1);
    expect(compareVersions('0.10.0', '0.9.0')).toBe(1);
  });
});
