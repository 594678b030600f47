import { afterAll, beforeEach, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CONFIG_YAML } from '../../src/config';
import { spawnProxy } from '../helpers/spawn-proxy';
import { cli, sandbox } from './helpers';

const box = sandbox('mp-settings-addr-');
const claudeDir = join(box.home, '.claude');
const settingsPath = join(claudeDir, 'settings.json');
afterAll(() => box[Symbol.dispose]());

beforeEach(() => {
  rmSync(claudeDir, { recursive: true, force: true });
  mkdirSync(claudeDir, { recursive: true });
  box.writeConfig(DEFAULT_CONFIG_YAML);
});

const baseUrl = () => JSON.parse(readFileSync(settingsPath, 'utf8')).env.ANTHROPIC_BASE_URL;

describe('settings: the address of a proxy started with --port or MODELPROXY_PORT', () => {
  it('apply --port writes the port the proxy was started on, and show then says it points there', async () => {
    const r = await cli(['settings', 'apply', '--port', '18765'], box.env);
    expect(r.code).toBe(0);
    expect(baseUrl()).toBe('http://127.0.0.1:18765');
    const show = await cli(['settings', 'show', '--port', '18765'], box.env);
    expect(show.stdout).toContain('points at the proxy (http://127.0.0.1:18765): yes');
  });

  it('apply honours MODELPROXY_HOST/MODELPROXY_PORT like serve', async () => {
    const r = await cli(['settings', 'apply'], { ...box.env, MODELPROXY_HOST: 'localhost', MODELPROXY_PORT: '9123' });
    expect(r.code).toBe(0);
    expect(baseUrl()).toBe('http://localhost:9123');
  });

  it('refuses port 0 and a non-numeric port with exit 2 and writes nothing', async () => {
    writeFileSync(settingsPath, '{}\n');
    for (const port of ['0', 'abc']) {
      const r = await cli(['settings', 'apply', '--port', port], box.env);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--port');
      expect(r.stderr).not.toContain('    at ');
    }
    expect(readFileSync(settingsPath, 'utf8')).toBe('{}\n');
  });

  it('finds a running proxy started with --port: apply, show, doctor and status use its real address', async () => {
    const proxy = await spawnProxy(box.dir);
    try {
      const r = await cli(['settings', 'apply'], box.env);
      expect(r.code).toBe(0);
      expect(baseUrl()).toBe(proxy.url);
      const doctor = await cli(['doctor', '--offline'], box.env);
      expect(doctor.stdout).toContain(`${proxy.url}: the proxy is running and healthy`);
      expect(doctor.stdout).toContain(`points at ${proxy.url}`);
      const status = await cli(['status', '--json'], box.env);
      expect(JSON.parse(status.stdout).server).toMatchObject({ running: true, url: proxy.url, health: 'ok' });
    } finally {
      expect(await proxy.stop()).toBe(0);
    }
    expect(existsSync(join(box.dir, 'listen.json'))).toBe(false);
    const after = await cli(['settings', 'show'], box.env);
    expect(after.stdout).toContain('points at the proxy (http://127.0.0.1:8765): no');
  }, 60_000);
});
