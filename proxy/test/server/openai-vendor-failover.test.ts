import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { anthropicJson, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { openaiError } from '../helpers/mock-openai';
import { harness, removeTempDirs } from '../helpers/proxy-harness';

// An OpenAI-format vendor's own 429 (OpenAI's error shape, with retry-after) is a key failure like
// an Anthropic vendor's: the request fails over to the next target, whatever the client speaks.
const DS_KEY = 'sk-ds-failover-key-5151';
let ds: MockUpstream;
let claude: MockUpstream;
let h: ReturnType<typeof harness>;
let proxy: { url: string; stop(): Promise<void> };
beforeAll(async () => {
  ds = await startMockUpstream(() => openaiError(429, 'Rate limit reached for deepseek-chat', 'rate_limit_error', 'rate_limit_exceeded'));
  claude = await startMockUpstream(() => Response.json(anthropicJson([{ type: 'text', text: 'from the fallback' }], { model: 'claude-x' })));
  h = harness({
    providers: {
      ds: { base_url: `${ds.url}/v1`, format: 'openai', api_keys: [{ key: DS_KEY }] },
      claude: { base_url: claude.url, api_keys: [{ key: 'sk-ant-failover-key-6161' }] },
    },
    routes: { default: [{ match: '.*', provider: 'ds', model: 'deepseek-chat', fallback: [{ provider: 'claude', model: 'claude-x' }] }] },
  });
  proxy = h.listen();
});
afterAll(async () => { await proxy.stop(); await ds.stop(); await claude.stop(); removeTempDirs(); });

describe('a 429 from an OpenAI-format vendor', () => {
  it('fails over to the next target for a Messages client and for an OpenAI client, and the vendor\'s key cools', async () => {
    const anthropic = new Anthropic({ baseURL: proxy.url, apiKey: 'x', maxRetries: 0 });
    const message = await anthropic.messages.create({ model: 'sonnet', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] });
    expect(message.content).toMatchObject([{ type: 'text', text: 'from the fallback' }]);
    expect(ds.requests.map((r) => r.key)).toEqual([DS_KEY]);
    expect(h.pool.rests('ds', h.state.current.config.providers.ds!)[0]!.state).toBe('cooling');

    // The next request goes to the fallback first (the cooling key is tried last, not needed).
    const openai = new OpenAI({ baseURL: `${proxy.url}/v1`, apiKey: 'x', maxRetries: 0 });
    const completion = await openai.chat.completions.create({ model: 'sonnet', messages: [{ role: 'user', content: 'hi' }] });
    expect(completion.choices[0]!.message.content).toBe('from the fallback');
    expect(ds.requests.length).toBe(1);
    const lines = await h.logLines();
    expect(lines.map((l) => [l.path, l.provider, l.status, l.attempts, l.fallback ?? 0])).toEqual([['/v1/messages', 'claude', 200, 2, 1], ['/v1/chat/completions', 'claude', 200, 1, 1]]);
  });
});
