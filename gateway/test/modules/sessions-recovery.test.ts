import { describe, expect, it } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeSessionMapEntry } from '../../src/state';
import { startTestApp, teardown, testEnv, waitFor } from '../helpers/gateway';

/** Sessions when tmux changes under the gateway, and when creations race; each with its own tmux server. */
const CLI = join(import.meta.dir, '../../src/cli/index.ts');
const FIXTURES = join(import.meta.dir, '../fixtures/hooks');

describe('tmux session killed from outside', () => {
  it('is recreated by the next session.create, whose window tells `agentgw hook` the state dir', async () => {
    const other = testEnv('rest-killed');
    // A state dir apart from the config dir, so only an explicit GW_DIR can lead the hook there.
    const config = other.config({ state_dir: 'state' });
    const app = await startTestApp(config);
    try {
      expect(config.state_dir).toBe(join(other.dir, 'state'));
      await other.tmux().client.exec(['kill-session', '-t', '=agentgw']);
      const res = await app.call('POST', '/api/v1/sessions', { channel_id: 'again', provider: 'shell', work_dir: other.dir });
      expect(res).toMatchObject({ status: 200 });
      expect((await app.call('GET', '/api/v1/sessions')).body.sessions).toHaveLength(1);
      const hook = `bun ${CLI} hook < ${join(FIXTURES, 'SessionStart.json')}`;
      expect((await app.call('POST', '/api/v1/sessions/again/input', { text: hook })).status).toBe(200);
      const events = join(config.state_dir, 'events.jsonl');
      const line = await waitFor(() => readFileSync(events, 'utf8').trim(), 'the hook to append to the state dir', 60_000);
      expect(JSON.parse(line)).toMatchObject({ event: 'SessionStart', window_key: app.gateway.ctx.tmux.windowKey(res.body.window_id) });
      expect(existsSync(join(other.dir, 'events.jsonl'))).toBe(false);
    } finally {
      await teardown(() => app.gateway.stop(), other.cleanup);
    }
  }, 90_000);
});

describe('a window id reused by a new tmux server', () => {
  it('does not inherit the session id the hook recorded for the old window', async () => {
    const other = testEnv('rest-reused');
    const config = other.config();
    const app = await startTestApp(config);
    try {
      writeSessionMapEntry(join(config.state_dir, 'session_map.json'), app.gateway.ctx.tmux.windowKey('@1'), { session_id: 'old-session-of-a-gone-window' });
      const res = await app.call('POST', '/api/v1/sessions', { channel_id: 'fresh', provider: 'shell', work_dir: other.dir });
      expect(res.body.window_id).toBe('@1');
      expect((await app.call('GET', '/api/v1/sessions/fresh')).body.session_id).toBe('');
    } finally {
      await teardown(() => app.gateway.stop(), other.cleanup);
    }
  });
});

describe('concurrent creation', () => {
  it('gives parallel sessions in one directory distinct names and refuses a doubly bound channel', async () => {
    const other = testEnv('rest-parallel');
    const app = await startTestApp(other.config());
    try {
      const results = await Promise.all([1, 2, 3, 4].map(() => app.call('POST', '/api/v1/sessions', { provider: 'shell', work_dir: other.dir, name: 'same' })));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(results.map((r) => r.body.display_name)).size).toBe(4);
      const twice = await Promise.all([1, 2].map(() => app.call('POST', '/api/v1/sessions', { provider: 'shell', work_dir: other.dir, channel_id: 'dup' })));
      expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
    } finally {
      await app.gateway.stop();
      await other.cleanup();
    }
  });
});
