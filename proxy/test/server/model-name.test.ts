import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { requestsDbPath, requestsLogPath } from '../../src/config/paths';
import { MAX_MODEL_LENGTH } from '../../src/modules/messages/parse';
import { messageResponse, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { configFor, harness, removeTempDirs } from '../helpers/proxy-harness';

let upstream: MockUpstream;
let h: ReturnType<typeof harness>;
let proxy: { url: string; stop(): Promise<void> };
beforeAll(async () => {
  upstream = await startMockUpstream(() => messageResponse('hi'));
  h = harness(configFor({ mm: { url: upstream.url, keys: ['sk-model-name-key-0001'], usage_adapter: 'minimax' } }), { accounting: true });
  proxy = h.listen();
});
// Each test counts the vendor's requests from zero, whatever ran before it (the suite runs in random order).
beforeEach(() => { upstream.requests.length = 0; });
afterAll(async () => { await proxy.stop(); await upstream.stop(); h.accounting?.close(); removeTempDirs(); });

/** What the proxy wrote to disk: requests.jsonl and every model name in requests.db. */
function recorded(): string {
  h.accounting!.flush();
  const jsonl = existsSync(requestsLogPath(h.dir)) ? readFileSync(requestsLogPath(h.dir), 'utf8') : '';
  const db = new Database(requestsDbPath(h.dir), { readonly: true });
  try {
    const models = db.query('SELECT model_in, model_out FROM requests').all();
    return jsonl + JSON.stringify(models);
  } finally {
    db.close();
  }
}

describe('a model name is a name, not a payload', () => {
  it(`a model of more than ${MAX_MODEL_LENGTH} characters is a 400 on every endpoint; it reaches no vendor, no log line and no record`, async () => {
    const huge = `claude-${'x'.repeat(4 * 1024 * 1024)}`;
    const messages = [{ role: 'user', content: 'hi' }];
    const bodies: [string, string][] = [
      // Claude Code's member order (read from the ends of the bytes) and any other order (parsed).
      ['/v1/messages', JSON.stringify({ model: huge, max_tokens: 5, messages, stream: false })],
      ['/v1/messages', JSON.stringify({ max_tokens: 5, messages, model: huge })],
      ['/v1/messages/count_tokens', JSON.stringify({ model: huge, messages })],
      ['/v1/chat/completions', JSON.stringify({ model: huge, messages })],
      ['/v1/responses', JSON.stringify({ model: huge, input: 'hi' })],
      ['/v1/images/generations', JSON.stringify({ model: `image-01-${huge}`, prompt: 'a cat' })],
    ];
    for (const [path, body] of bodies) {
      const res = await fetch(`${proxy.url}${path}`, { method: 'POST', body });
      const text = await res.text();
      expect({ path, status: res.status, code: (JSON.parse(text) as { error: { code: string } }).error.code }).toEqual({ path, status: 400, code: 'invalid_request' });
      expect(text.length).toBeLessThan(1000);
    }
    expect(upstream.requests).toHaveLength(0);
    await h.logLines();
    expect(recorded()).not.toContain('x'.repeat(MAX_MODEL_LENGTH));
    // A name at the bound is served.
    const longest = `claude-${'y'.repeat(MAX_MODEL_LENGTH - 7)}`;
    const ok = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: JSON.stringify({ model: longest, max_tokens: 5, messages }) });
    expect(ok.status).toBe(200);
    expect(JSON.parse(upstream.requests[0]!.body).model).toBe(longest);
  });

  it('a model with control characters (a terminal escape for whoever reads the log, stats or the status line) is a 400 and is recorded nowhere', async () => {
    const messages = [{ role: 'user', content: 'hi' }];
    // OSC 52 writes the reader's clipboard; CSI 2J clears the screen; a newline would forge a log line.
    for (const model of ['claude-\u001b]52;c;ZXZpbA==\u0007', 'claude-\u001b[2J', 'claude-sonnet\n[proxy] WARN forged', 'claude-\u009b31m']) {
      for (const [path, body] of [
        ['/v1/messages', JSON.stringify({ model, max_tokens: 5, messages, stream: false })],
        ['/v1/chat/completions', JSON.stringify({ model, messages })],
      ] as const) {
        const res = await fetch(`${proxy.url}${path}`, { method: 'POST', body });
        expect({ path, model, status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code }).toEqual({ path, model, status: 400, code: 'invalid_request' });
      }
    }
    expect(upstream.requests).toHaveLength(0);
    await h.logLines();
    expect(recorded()).not.toMatch(/\\u001b|\\u009b|forged/);
    // Other characters, such as a bracketed suffix or non-ASCII letters, stay fine.
    const ok = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: JSON.stringify({ model: 'claude-opus-4-8[1m]-é', max_tokens: 5, messages }) });
    expect(ok.status).toBe(200);
  });
});
