import { writeFileAtomic } from '@devhub/shared';
import { afterAll, describe, expect, it } from 'bun:test';
import { stringify } from 'yaml';
import { configPath } from '../../src/config/paths';
import { cli } from '../cli/helpers';
import { anthropicError, messageResponse, serveMock } from '../helpers/mock-upstream';
import { configFor, removeTempDirs, tempDir } from '../helpers/proxy-harness';
import { spawnProxy } from '../helpers/spawn-proxy';

const USED_UP = 'sk-cp-status-live-0001';
const GOOD = 'sk-cp-status-live-0002';
const TOKEN = 'status-client-token-7';
const reset = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 60_000) * 60_000);
const vendor = serveMock((r) => (r.key === USED_UP
  ? anthropicError(429, 'rate_limit_error', `usage limit exceeded, 5-hour usage limit reached, resets at ${reset.toISOString().replace('.000Z', 'Z')} (2056)`)
  : messageResponse('ok')));
afterAll(async () => {
  await vendor.stop();
  removeTempDirs();
});

describe('modelproxy status', () => {
  it("shows each key's live rest state from the running proxy (through its token)", async () => {
    const dir = tempDir();
    writeFileAtomic(configPath(dir), stringify(configFor({ minimax: { url: `${vendor.url}/anthropic`, keys: [USED_UP, GOOD, 'YOUR_API_KEY'], usage_adapter: 'minimax' } }, { server: { auth_token: TOKEN } })));
    const proxy = await spawnProxy(dir);
    try {
      const res = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', headers: { 'x-api-key': TOKEN }, body: JSON.stringify({ model: 'sonnet', max_tokens: 5, messages: [] }) });
      expect(res.headers.get('x-modelproxy-key')).toBe('minimax#2');
      await res.text();
      const env = { HOME: dir, MODELPROXY_DIR: dir, NO_COLOR: '1', MODELPROXY_HOST: '', MODELPROXY_PORT: '' };
      const json = JSON.parse((await cli(['status', '--json'], env)).stdout);
      expect(json.keys.map((k: { index: number; state: string; until: string | null }) => [k.index, k.state, k.until])).toEqual([
        [1, 'exhausted', reset.toISOString()], [2, 'serving', null], [3, 'placeholder', null],
      ]);
      const text = (await cli(['status'], env)).stdout;
      expect(text).toContain('keys in the running proxy:');
      // A reset on another day than today is shown with its date ("Sun Nov 29 00:02"): a run after 22:00 local time.
      const day = reset.toDateString() === new Date().toDateString() ? '' : `${reset.toDateString().slice(0, 10)} `;
      expect(text).toMatch(new RegExp(`minimax#1 sk-c\\*\\*\\*0001 +resting \\(plan window used up\\) until ${day}\\d\\d:\\d\\d local time \\(in (1 h 5\\d min|2 h( \\d min)?)\\)`));
      expect(text).toMatch(/minimax#2 sk-c\*\*\*0002 +serving/);
      expect(text).not.toContain(USED_UP);
    } finally {
      expect(await proxy.stop()).toBe(0);
    }
  }, 60_000);
});
