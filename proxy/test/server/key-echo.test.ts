import { describe, expect, it } from 'bun:test';
import { maskKey } from '@devhub/shared';
import { anthropicFrames, anthropicJson, sseFrames, sseResponse, type Handler } from '../helpers/mock-upstream';
import { chatChunks, chatCompletion } from '../helpers/mock-openai';
import { CLAUDE_KEY, DS_KEY, twoVendors } from '../helpers/two-vendors';

// A vendor that echoes the proxy's key inside a 200 (an SSE error event, a JSON body): the client
// never gets the key, on every endpoint, streaming or not, translated or passed through.
const v = twoVendors();

const ENDPOINTS = {
  '/v1/messages': (model: string, stream: boolean) => ({ model, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }], stream }),
  '/v1/chat/completions': (model: string, stream: boolean) => ({ model, messages: [{ role: 'user', content: 'hi' }], stream }),
  '/v1/responses': (model: string, stream: boolean) => ({ model, input: 'hi', stream }),
};

/** A body that reaches the proxy in several reads, one split inside every key it holds. */
function chunked(text: string, key: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const parts = text.split(key).flatMap((part, i) => (i === 0 ? [part] : [key.slice(0, 7), key.slice(7), part]));
  return new ReadableStream({
    async pull(controller) {
      const next = parts.shift();
      if (next === undefined) return controller.close();
      controller.enqueue(encoder.encode(next));
      await Bun.sleep(0);
    },
  });
}
const sse = (text: string, key: string) => new Response(chunked(text, key), { headers: { 'content-type': 'text/event-stream' } });
const json = (value: unknown, key: string) => new Response(chunked(JSON.stringify(value), key), { headers: { 'content-type': 'application/json' } });
/** The key as a vendor's JSON may write it: every `-` as `\u002d`, which a JSON parser turns back into the key. */
const escaped = (key: string) => key.replaceAll('-', '\\u002d');
/** What a client that parses the JSON reads, escapes decoded. */
const decoded = (text: string) => text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The Messages vendor: an error event after message_start, or a message whose text holds the key. */
const claudeEchoes = (spelled: string): Handler => (r) => (JSON.parse(r.body).stream
  ? sse(`${sseFrames('')[0]}event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"key ${spelled} overloaded"}}\n\n`, CLAUDE_KEY)
  : json(anthropicJson([{ type: 'text', text: `your key is ${CLAUDE_KEY}` }]), CLAUDE_KEY));
/** The Chat Completions vendor: an error chunk mid-stream, or a completion whose text holds the key. */
const dsEchoes = (spelled: string): Handler => (r) => (JSON.parse(r.body).stream
  ? sse(`${chatChunks({ text: 'a' })[0]}data: {"error":{"message":"key ${spelled} failed mid-stream"}}\n\n`, DS_KEY)
  : json(chatCompletion({ text: `your key is ${DS_KEY}` }), DS_KEY));

async function send(path: keyof typeof ENDPOINTS, model: string, stream: boolean): Promise<{ status: number; text: string }> {
  const res = await fetch(`${v.proxy.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ENDPOINTS[path](model, stream)) });
  return { status: res.status, text: await res.text() };
}

describe('a key the vendor echoes inside a 200', () => {
  for (const [vendor, model, key] of [['a Messages vendor', 'claude-any', CLAUDE_KEY], ['an OpenAI-format vendor', 'to-openai', DS_KEY]] as const) {
    it(`never reaches the client from ${vendor}, on every endpoint, streaming or not`, async () => {
      v.claude.handle(claudeEchoes(CLAUDE_KEY));
      v.ds.handle(dsEchoes(DS_KEY));
      for (const path of Object.keys(ENDPOINTS) as (keyof typeof ENDPOINTS)[]) {
        for (const stream of [true, false]) {
          const { status, text } = await send(path, model, stream);
          expect({ path, stream, status, leaked: decoded(text).includes(key), masked: text.includes(maskKey(key)) }).toEqual({ path, stream, status: 200, leaked: false, masked: true });
        }
      }
    });
  }

  it('written with JSON escapes, is masked by every translation that re-encodes it', async () => {
    v.claude.handle(claudeEchoes(escaped(CLAUDE_KEY)));
    v.ds.handle(dsEchoes(escaped(DS_KEY)));
    const cases: [keyof typeof ENDPOINTS, string, string][] = [
      ['/v1/chat/completions', 'claude-any', CLAUDE_KEY], ['/v1/responses', 'claude-any', CLAUDE_KEY],
      ['/v1/messages', 'to-openai', DS_KEY], ['/v1/chat/completions', 'to-openai', DS_KEY], ['/v1/responses', 'to-openai', DS_KEY],
    ];
    for (const [path, model, key] of cases) {
      const { text } = await send(path, model, true);
      expect({ path, model, leaked: decoded(text).includes(key), masked: text.includes(maskKey(key)) }).toEqual({ path, model, leaked: false, masked: true });
    }
  });

  it('leaves a stream without the key byte for byte as the vendor sent it', async () => {
    const frames = anthropicFrames([{ type: 'text', text: `no key here, only ${CLAUDE_KEY.slice(0, 9)} and more` }]);
    v.claude.handle(() => sseResponse(frames));
    const { status, text } = await send('/v1/messages', 'claude-any', true);
    expect(status).toBe(200);
    expect(text).toBe(frames.join(''));
  });
});

describe('a key the vendor echoes in a response header', () => {
  /** Headers a vendor or a gateway in front of it might echo the credential in. */
  const echoing = (key: string) => ({ 'x-echo-key': key, 'www-authenticate': `Bearer realm="api", error="invalid_token", key="${key}"` });
  const leakedIn = (res: Response, key: string) => [...res.headers].filter(([, value]) => value.includes(key)).map(([name]) => name);

  it('never reaches the client, on every endpoint, streaming or not, error or not', async () => {
    for (const status of [200, 400]) {
      v.claude.handle((r) => new Response(status === 200 ? (JSON.parse(r.body).stream ? sseFrames('hi').join('') : JSON.stringify(anthropicJson([{ type: 'text', text: 'hi' }])))
        : JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'no' } }), {
        status, headers: { 'content-type': JSON.parse(r.body).stream && status === 200 ? 'text/event-stream' : 'application/json', ...echoing(CLAUDE_KEY) },
      }));
      v.ds.handle((r) => new Response(status === 200 ? (JSON.parse(r.body).stream ? chatChunks({ text: 'hi' }).join('') : JSON.stringify(chatCompletion({ text: 'hi' })))
        : JSON.stringify({ error: { message: 'no', type: 'invalid_request_error', param: null, code: null } }), {
        status, headers: { 'content-type': JSON.parse(r.body).stream && status === 200 ? 'text/event-stream' : 'application/json', ...echoing(DS_KEY) },
      }));
      for (const [model, key] of [['claude-any', CLAUDE_KEY], ['to-openai', DS_KEY]] as const) {
        for (const path of Object.keys(ENDPOINTS) as (keyof typeof ENDPOINTS)[]) {
          for (const stream of [true, false]) {
            const res = await fetch(`${v.proxy.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ENDPOINTS[path](model, stream)) });
            const text = await res.text();
            expect({ path, model, stream, status: res.status, leaked: leakedIn(res, key), inBody: text.includes(key) }).toEqual({ path, model, stream, status, leaked: [], inBody: false });
          }
        }
      }
    }
  });

  it('is masked in the headers of a count_tokens answer the vendor gave', async () => {
    v.claude.handle(() => Response.json({ input_tokens: 5 }, { headers: echoing(CLAUDE_KEY) }));
    const res = await fetch(`${v.proxy.url}/v1/messages/count_tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'claude-any', messages: [{ role: 'user', content: 'hi' }] }) });
    expect(await res.json()).toEqual({ input_tokens: 5 });
    expect({ leaked: leakedIn(res, CLAUDE_KEY), masked: res.headers.get('x-echo-key') }).toEqual({ leaked: [], masked: maskKey(CLAUDE_KEY) });
  });
});
