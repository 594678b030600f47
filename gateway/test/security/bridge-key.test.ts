import { afterAll, describe, expect, it } from 'bun:test';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { keylessExposure } from '../../src/config';
import { childEnv } from '../helpers/gateway';

const temp = useTempDirs(afterAll);
const CLI = join(import.meta.dir, '../../src/cli/index.ts');

const TELEGRAM = 'bridge:\n  telegram: { enabled: true, bot_token: "123:abc", api_base: "http://127.0.0.1:9", allowed_users: [1] }\n';
const FEISHU = 'bridge:\n  feishu: { enabled: true, app_id: a, app_secret: s, verification_token: v, allowed_users: [ou_x] }\n';

async function agentgw(config: string, args: string[], extraEnv: Record<string, string> = {}) {
  const dir = temp.make('agentgw-bridge-key-');
  writeFileSync(join(dir, 'config.yaml'), config);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', ...childEnv(dir), GW_DIR: dir, GW_API_HOST: '127.0.0.1', GW_API_PORT: '0', GW_TMUX_SOCKET: `bridge-key-${process.pid}`, ...extraEnv };
  await using proc = Bun.spawn(['bun', CLI, ...args], { env, stdout: 'pipe', stderr: 'pipe', stdin: 'ignore' });
  const [code, out, err] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  return { code, out: out + err, dir };
}

describe('a chat bridge or webhook never starts without an API key', () => {
  it('refuses serve with the Telegram bridge on and no key: exit 2, saying what to set', async () => {
    const { code, out, dir } = await agentgw(TELEGRAM, ['serve']);
    expect(code).toBe(2);
    expect(out).toContain('api_key: required when bridge.telegram.enabled is true');
    expect(out).toContain('GW_API_KEY');
    expect(existsSync(join(dir, 'server.pid'))).toBe(false);
  }, 30_000);

  it('refuses server start -d with the Feishu webhook on and no key, before detaching', async () => {
    const { code, out, dir } = await agentgw(FEISHU, ['server', 'start', '-d']);
    expect(code).toBe(2);
    expect(out).toContain('api_key: required when bridge.feishu.enabled is true (its webhook is reached through a reverse proxy or tunnel');
    expect(existsSync(join(dir, 'server.log'))).toBe(false);
  }, 30_000);

  it('names every platform at once, and none once a key is set', () => {
    const bridge = (feishu: object, telegram: object) => ({ feishu: { enabled: true, mode: 'long_connection', ...feishu }, telegram: { enabled: true, ...telegram } });
    const problems = keylessExposure({ api_key: '', bridge: bridge({}, {}) } as never);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('bridge.feishu.enabled');
    expect(keylessExposure({ api_key: 'k', bridge: bridge({}, {}) } as never)).toEqual([]);
    expect(keylessExposure({ api_key: '', bridge: { feishu: { enabled: false }, telegram: { enabled: false } } } as never)).toEqual([]);
  });
});
