import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { anthropicFrames, anthropicJson, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { chatChunks, chatCompletion, chatSse } from '../helpers/mock-openai';
import { harness, removeTempDirs } from '../helpers/proxy-harness';
import { PNG } from '../helpers/two-vendors';

// Seeded fuzzing of the four client APIs against two vendors (a Messages one, an OpenAI-format
// one) whose answers are mangled too: what a buggy client, or a "compatible" vendor that drops,
// renames or retypes fields, sends. Whatever comes in, the proxy answers in the client's error
// shape or cuts a stream it cannot finish: never a 500 of its own, never a hang.

/** splitmix32, as everywhere in this repository's seeded tests. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = Math.imul(s ^ (s >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)]! };
}
type Random = ReturnType<typeof random>;

const ODD: readonly unknown[] = [null, true, 0, -1, 1e308, 3.5, '', 'x', 'a'.repeat(5000), [], {}, [[[]]], { type: 'text' }, { type: 'tool_use' }, { role: 'user' }, '\u0000', [null], { text: null }];

/** `value` with some of its fields dropped, replaced by odd values, or added. */
function mangle(r: Random, value: unknown, depth = 0): unknown {
  if (depth > 0 && r.next() < 0.15) return structuredClone(r.pick(ODD));
  if (Array.isArray(value)) return value.map((x) => (r.next() < 0.3 ? mangle(r, x, depth + 1) : x));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(value)) {
      if (r.next() < 0.1) continue;
      out[k] = r.next() < 0.3 ? mangle(r, x, depth + 1) : x;
    }
    return out;
  }
  return r.next() < 0.5 ? structuredClone(r.pick(ODD)) : value;
}

const tool = { name: 'read_file', description: 'Read', input_schema: { type: 'object', properties: { path: { type: 'string' } } } };
/** A request of each client API that uses most of its features. */
const REQUESTS: Record<string, Record<string, unknown>> = {
  '/v1/messages': {
    max_tokens: 100, system: [{ type: 'text', text: 'sys' }], tools: [tool], tool_choice: { type: 'auto' }, thinking: { type: 'enabled', budget_tokens: 1024 },
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }] },
      { role: 'assistant', content: [{ type: 'thinking', thinking: 't', signature: 's' }, { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'A' }] }] },
    ],
  },
  '/v1/messages/count_tokens': { messages: [{ role: 'user', content: 'hi' }], tools: [tool] },
  '/v1/chat/completions': {
    stream_options: { include_usage: true }, tool_choice: 'auto', reasoning_effort: 'low', stop: ['END'], max_tokens: 50,
    messages: [
      { role: 'system', content: 'sys' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'A' },
    ],
    tools: [{ type: 'function', function: { name: 'read_file', parameters: { type: 'object' } } }],
  },
  '/v1/responses': {
    instructions: 'be terse', reasoning: { effort: 'low' }, max_output_tokens: 50,
    input: [{ role: 'user', content: [{ type: 'input_text', text: 'hi' }] }, { type: 'function_call', call_id: 'c1', name: 'read_file', arguments: '{}' }, { type: 'function_call_output', call_id: 'c1', output: 'A' }],
    tools: [{ type: 'function', name: 'read_file', parameters: { type: 'object' } }],
  },
};

/** The vendors mangle their answers while this is set (one request at a time). */
let vendorRandom: Random | null = null;
const streamOf = (body: string) => { try { return (JSON.parse(body) as { stream?: unknown }).stream === true; } catch { return false; } };
/** SSE frames with some `data:` JSON mangled. */
const mangleFrames = (r: Random, frames: string[]) => frames.map((f) => f.replace(/^data: (\{.*\})$/m, (_, json: string) => (r.next() < 0.25 ? `data: ${JSON.stringify(mangle(r, JSON.parse(json)))}` : `data: ${json}`)));

let claude: MockUpstream;
let ds: MockUpstream;
let h: ReturnType<typeof harness>;
let proxy: { url: string; stop(): Promise<void> };
beforeAll(async () => {
  claude = await startMockUpstream((req) => {
    const blocks = [{ type: 'thinking' as const, thinking: 'x', signature: 's' }, { type: 'text' as const, text: 'hello' }, { type: 'tool_use' as const, id: 'toolu_9', name: 'read_file', input: { path: 'z' } }];
    const r = vendorRandom;
    if (streamOf(req.body)) {
      const frames = anthropicFrames(blocks);
      return new Response((r ? mangleFrames(r, frames) : frames).join(''), { headers: { 'content-type': 'text/event-stream' } });
    }
    return Response.json(r ? mangle(r, anthropicJson(blocks)) : anthropicJson(blocks));
  });
  ds = await startMockUpstream((req) => {
    const script = { reasoning: 'r', text: 'hi', toolCalls: [{ id: 'call_x', name: 'read_file', arguments: '{"path":"c"}' }], usage: { prompt_tokens: 10, completion_tokens: 2 } };
    const r = vendorRandom;
    if (streamOf(req.body)) {
      const chunks = chatChunks(script, { includeUsage: true });
      return chatSse(r ? mangleFrames(r, chunks) : chunks);
    }
    return Response.json(r ? mangle(r, chatCompletion(script)) : chatCompletion(script));
  });
  h = harness({
    providers: { claude: { base_url: claude.url, api_keys: [{ key: 'sk-ant-fuzz' }] }, ds: { base_url: `${ds.url}/v1`, format: 'openai', api_keys: [{ key: 'sk-ds-fuzz' }] } },
    routes: { default: [{ match: 'to-openai', provider: 'ds', model: 'deepseek-chat' }, { match: '.*', provider: 'claude', model: 'claude-x' }] },
    multimodal_models: ['claude-x', 'deepseek-chat'],
  }, { quiet: true });
  proxy = h.listen();
});
afterAll(async () => {
  await proxy?.stop();
  await claude?.stop();
  await ds?.stop();
  removeTempDirs();
});

/** One request: its status and body, or `cut` when the proxy broke the stream off (never a hang: 10 s). */
async function send(path: string, body: string): Promise<{ status: number; text: string; cut: boolean }> {
  const signal = AbortSignal.timeout(10_000);
  try {
    const res = await fetch(`${proxy.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'client' }, body, signal });
    return { status: res.status, text: await res.text(), cut: false };
  } catch (error) {
    if (signal.aborted) throw new Error(`no answer within 10 s to ${path} ${body.slice(0, 300)}`);
    return { status: 0, text: String(error), cut: true };
  }
}

describe('fuzzed requests and vendor answers', () => {
  it('are answered in the client\'s error shape, or cut when a stream cannot be finished: no 500 of the proxy\'s own', async () => {
    const r = random(20261129);
    const seen = new Map<string, number>();
    const failures: string[] = [];
    for (let n = 0; n < 800; n++) {
      const path = r.pick(Object.keys(REQUESTS));
      // Half the requests go out as written, half mangled; the vendor mangles half of its answers.
      const base = { model: r.pick(['to-openai', 'claude-x']), stream: r.next() < 0.5, ...REQUESTS[path] };
      const body = JSON.stringify(r.next() < 0.5 ? mangle(r, base) : base);
      vendorRandom = r.next() < 0.5 ? r : null;
      const answer = await send(path, body);
      vendorRandom = null;
      const outcome = answer.cut ? 'cut' : String(answer.status);
      seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
      const ownError = answer.status === 500 && /internal proxy error|internal_error/.test(answer.text);
      const shapeless = answer.status >= 400 && !/"error"\s*:/.test(answer.text);
      if (ownError || shapeless) failures.push(`#${n} ${path} ${answer.status} ${answer.text.slice(0, 200)}\n  request ${body.slice(0, 400)}`);
    }
    expect(failures).toEqual([]);
    // The run reaches every kind of outcome: answers, refusals of bad requests, and cut streams.
    expect(seen.get('200')).toBeGreaterThan(150);
    expect(seen.get('400')).toBeGreaterThan(60);
    expect(seen.get('cut') ?? 0).toBeGreaterThan(0);
  }, 120_000);
});
