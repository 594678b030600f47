/**
 * What translation adds (issue #28: at most 1 ms p50 on a 250 KB turn): one `modelproxy serve` with an
 * Anthropic-format and an OpenAI-format mock upstream (each its own process), and the same
 * conversation sent four ways, in turns (batches of ten per path, so a busy machine slows all alike):
 *
 * - untouched: Messages client → Anthropic-format vendor, the bytes as they came (the baseline);
 * - messages → openai: Messages client → `format: openai` vendor (request and answer translated);
 * - chat → anthropic: Chat Completions client → Anthropic-format vendor;
 * - responses → anthropic: Responses API client (Codex CLI) → Anthropic-format vendor.
 *
 * Each path's p50 is printed with what it adds over the untouched path (for the OpenAI-format vendor
 * less the difference between the two mocks, measured directly in the same run) and its ratio to the
 * untouched path. Non-streaming round trips, then streaming time to the first byte.
 *
 *   bun bench/proxy-translate.ts        # SIZES=ping,session,screenshot N=<ping round trips> WARMUP=<per path> STREAMS=40
 */
import { BODIES } from './proxy-bodies';
import { CLIENT_HEADERS, pct, SIZE_SCALE, sort, stealSince } from './proxy-measure';
import { startMock, startOpenAIMock, startTranslatingModelproxy } from './proxy-targets';
import { anthropicToChatRequest } from '../proxy/src/translate/vendor-request';

const SIZES = (process.env.SIZES ?? 'ping,session').split(',');
const N = Number(process.env.N ?? 1000);
const WARMUP = Number(process.env.WARMUP ?? 3000);
const STREAMS = Number(process.env.STREAMS ?? 40);
const BATCH = 10;

type Json = Record<string, unknown>;

/** The Chat Completions form of a Messages body (the proxy's own translator, run backwards by hand here only to build the input). */
const chatBody = (messages: Json, stream: boolean) => JSON.stringify({ ...anthropicToChatRequest(messages, 'gpt-4o'), stream, ...(stream ? { stream_options: { include_usage: true } } : {}) });

/** The Responses API form: instructions, then items (messages, function calls, their outputs), as Codex sends them. */
function responsesBody(messages: Json, stream: boolean): string {
  const chat = anthropicToChatRequest(messages, 'gpt-5-codex') as { messages: Json[]; tools?: { function: Json }[] };
  const input: Json[] = [];
  let instructions = '';
  for (const m of chat.messages) {
    if (m.role === 'system') instructions = m.content as string;
    else if (m.role === 'tool') input.push({ type: 'function_call_output', call_id: m.tool_call_id, output: m.content });
    else if (m.role === 'assistant') {
      if (m.content) input.push({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: m.content }] });
      for (const call of (m.tool_calls ?? []) as { id: string; function: { name: string; arguments: string } }[]) input.push({ type: 'function_call', call_id: call.id, name: call.function.name, arguments: call.function.arguments });
    } else {
      const parts = typeof m.content === 'string' ? [{ type: 'input_text', text: m.content }] : (m.content as Json[]).map((p) => (p.type === 'text' ? { type: 'input_text', text: p.text } : { type: 'input_image', image_url: (p.image_url as Json).url }));
      input.push({ type: 'message', role: 'user', content: parts });
    }
  }
  const tools = (chat.tools ?? []).map((t) => ({ type: 'function', name: t.function.name, description: t.function.description, parameters: t.function.parameters }));
  return JSON.stringify({ model: 'gpt-5-codex', instructions, input, tools, tool_choice: 'auto', parallel_tool_calls: false, store: false, stream });
}

interface Path { name: string; url: () => string; path: string; body: { json: string; stream: string } }

async function once(url: string, body: string, stream: boolean): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: CLIENT_HEADERS, body });
  if (stream) {
    const reader = res.body!.getReader();
    await reader.read();
    const ttfb = performance.now() - started;
    while (!(await reader.read()).done);
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
    return ttfb;
  }
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} for ${body.slice(0, 80)}`);
  return performance.now() - started;
}

async function measure(paths: Path[], n: number, stream: boolean): Promise<Map<string, number[]>> {
  const times = new Map(paths.map((p) => [p.name, [] as number[]]));
  for (let done = 0; done < n; done += BATCH) {
    // Two alternating orders, so no path always runs right after the same other one.
    const order = (done / BATCH) % 2 === 0 ? paths : [...paths].reverse();
    for (const p of order) for (let i = 0; i < BATCH && done + i < n; i++) times.get(p.name)!.push(await once(p.url() + p.path, stream ? p.body.stream : p.body.json, stream));
  }
  return times;
}

const anthropic = await startMock();
const openai = await startOpenAIMock();
const proxy = await startTranslatingModelproxy(anthropic.url, openai.url);
const f = (ms: number) => ms.toFixed(3).padStart(8);
try {
  for (const size of SIZES) {
    const source = BODIES.find((b) => b.name === size);
    if (!source) throw new Error(`unknown size ${size}`);
    const messages = JSON.parse(source.json) as Json;
    const toOpenAI = (stream: boolean) => JSON.stringify({ ...messages, model: 'to-openai', stream });
    const paths: Path[] = [
      { name: 'direct anthropic', url: () => anthropic.url, path: '/v1/messages', body: source },
      { name: 'direct openai', url: () => openai.url, path: '/v1/chat/completions', body: { json: chatBody(messages, false), stream: chatBody(messages, true) } },
      { name: 'untouched', url: () => proxy.url, path: '/v1/messages', body: source },
      { name: 'messages → openai', url: () => proxy.url, path: '/v1/messages', body: { json: toOpenAI(false), stream: toOpenAI(true) } },
      { name: 'chat → anthropic', url: () => proxy.url, path: '/v1/chat/completions', body: { json: chatBody(messages, false), stream: chatBody(messages, true) } },
      { name: 'responses → anthropic', url: () => proxy.url, path: '/v1/responses', body: { json: responsesBody(messages, false), stream: responsesBody(messages, true) } },
    ];
    const n = Math.max(BATCH, Math.round(N / SIZE_SCALE[size]!));
    const warm = Math.max(BATCH, Math.round(WARMUP / SIZE_SCALE[size]!));
    await measure(paths, warm, false);
    const steal = stealSince();
    const round = await measure(paths, n, false);
    const ttfb = await measure(paths, STREAMS, true);
    const p50 = (m: Map<string, number[]>, name: string) => pct(sort(m.get(name)!), 50);
    const p99 = (m: Map<string, number[]>, name: string) => pct(sort(m.get(name)!), 99);
    const stolen = steal();
    console.log(`\n${size}: ${Math.round(source.json.length / 1024)} KB Messages body (chat ${Math.round(paths[4]!.body.json.length / 1024)} KB, responses ${Math.round(paths[5]!.body.json.length / 1024)} KB); ${n} round trips and ${STREAMS} streams per path after ${warm} warm-up; CPU steal ${stolen === null ? '?' : stolen.toFixed(1)} %`);
    console.log('path                     p50 ms  p99 ms  +p50 ms vs untouched   / untouched   stream ttfb p50  +ttfb ms');
    // The OpenAI-format vendor's mock may be faster or slower than the Anthropic one: its own difference is taken out.
    const vendorDelta = (m: Map<string, number[]>) => p50(m, 'direct openai') - p50(m, 'direct anthropic');
    for (const p of paths) {
      const base = p.name.startsWith('direct') || p.name === 'untouched';
      const adjust = p.name === 'messages → openai' ? vendorDelta(round) : 0;
      const adjustTtfb = p.name === 'messages → openai' ? vendorDelta(ttfb) : 0;
      const added = base ? '' : `${f(p50(round, p.name) - p50(round, 'untouched') - adjust)}            `;
      const ratio = base ? '' : `${(p50(round, p.name) / p50(round, 'untouched')).toFixed(2)}×`;
      const addedTtfb = base ? '' : f(p50(ttfb, p.name) - p50(ttfb, 'untouched') - adjustTtfb);
      console.log(`${p.name.padEnd(22)} ${f(p50(round, p.name))} ${f(p99(round, p.name))} ${added.padStart(22)} ${ratio.padStart(12)} ${f(p50(ttfb, p.name)).padStart(16)} ${addedTtfb}`);
    }
    const worst = Math.max(...['chat → anthropic', 'responses → anthropic', 'messages → openai'].map((name) => p50(round, name) - p50(round, 'untouched') - (name === 'messages → openai' ? vendorDelta(round) : 0)));
    console.log(`translation adds at most ${worst.toFixed(3)} ms p50 (round trips)${size === 'session' ? `; target ≤ 1 ms on the 250 KB turn: ${worst <= 1 ? 'met' : 'missed'}` : ''}`);
  }
} finally {
  await proxy.stop();
  await anthropic.stop();
  await openai.stop();
}
