import type { Server } from 'bun';

export interface Recorded {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  body: string;
  /** The credential the proxy sent: x-api-key, else the Bearer token. */
  key: string | null;
}

export type Handler = (req: Recorded, request: Request) => Response | Promise<Response>;

export interface MockUpstream {
  url: string;
  requests: Recorded[];
  handle(handler: Handler): void;
  stop(): Promise<void>;
}

/** A local HTTP server speaking a vendor's wire format, on port 0, recording every request. */
export async function startMockUpstream(handler: Handler = () => messageResponse('hello')): Promise<MockUpstream> {
  return serveMock(handler);
}

/** The same server, started synchronously (Bun.serve listens before it returns). */
export function serveMock(handler: Handler): MockUpstream {
  let current = handler;
  const requests: Recorded[] = [];
  const server: Server<undefined> = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const headers: Record<string, string> = {};
      request.headers.forEach((v, k) => { headers[k] = v; });
      const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1] ?? null;
      const rec: Recorded = { method: request.method, path: url.pathname, search: url.search, headers, body: await request.text(), key: headers['x-api-key'] ?? bearer };
      requests.push(rec);
      return current(rec, request);
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    handle(h) { current = h; },
    async stop() { await server.stop(true); },
  };
}

export function message(text: string, model = 'mock-model') {
  return {
    id: 'msg_mock_1', type: 'message', role: 'assistant', model,
    content: [{ type: 'text', text }], stop_reason: 'end_turn', stop_sequence: null,
    usage: { input_tokens: 3, output_tokens: 2 },
  };
}

export const messageResponse = (text: string, model?: string) => Response.json(message(text, model), { headers: { 'request-id': 'req_mock' } });

/** Anthropic error shape (docs.claude.com/en/api/errors). */
export function anthropicError(status: number, type: string, text: string, headers?: Record<string, string>): Response {
  return Response.json({ type: 'error', error: { type, message: text }, request_id: 'req_mock_err' }, { status, headers });
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The frames of a complete Anthropic text stream answering `text` (split in a few deltas). */
export function sseFrames(text: string, model = 'mock-model'): string[] {
  const parts = text.match(/.{1,5}/gs) ?? [''];
  return [
    frame('message_start', { type: 'message_start', message: { ...message('', model), content: [], stop_reason: null, usage: { input_tokens: 3, output_tokens: 1 } } }),
    frame('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
    frame('ping', { type: 'ping' }),
    ...parts.map((p) => frame('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: p } })),
    frame('content_block_stop', { type: 'content_block_stop', index: 0 }),
    frame('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: parts.length } }),
    frame('message_stop', { type: 'message_stop' }),
  ];
}

/** SSE response that sends `frames`; each frame waits for `gate(i)` when given (to control timing). */
export function sseResponse(frames: string[], gate?: (i: number) => Promise<void>, breakAfter?: number): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (let i = 0; i < frames.length; i++) {
        if (gate) await gate(i);
        if (breakAfter !== undefined && i === breakAfter) {
          controller.error(new Error('upstream died'));
          return;
        }
        controller.enqueue(encoder.encode(frames[i]!));
      }
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': 'req_mock' } });
}

/** A block of a scripted Anthropic answer. */
export type ScriptBlock = { type: 'text'; text: string } | { type: 'thinking'; thinking: string; signature: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

/**
 * The frames of an Anthropic stream answering with `blocks` as the Messages API streams them: a
 * thinking block as thinking_delta then signature_delta, text in a few text_delta pieces, a tool_use
 * block as input_json_delta pieces of its JSON; message_delta with the stop reason and usage.
 */
export function anthropicFrames(blocks: ScriptBlock[], options: { stop?: string; model?: string; usage?: Record<string, number> } = {}): string[] {
  const usage = options.usage ?? { input_tokens: 11, output_tokens: 7, cache_read_input_tokens: 5, cache_creation_input_tokens: 0 };
  const out = [frame('message_start', { type: 'message_start', message: { ...message('', options.model), content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } })];
  blocks.forEach((block, index) => {
    const pieces = (s: string) => s.match(/.{1,7}/gs) ?? [''];
    if (block.type === 'text') {
      out.push(frame('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }));
      for (const p of pieces(block.text)) out.push(frame('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: p } }));
    } else if (block.type === 'thinking') {
      out.push(frame('content_block_start', { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } }));
      for (const p of pieces(block.thinking)) out.push(frame('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: p } }));
      out.push(frame('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: block.signature } }));
    } else {
      out.push(frame('content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } }));
      out.push(frame('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: '' } }));
      for (const p of pieces(JSON.stringify(block.input))) out.push(frame('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: p } }));
    }
    out.push(frame('content_block_stop', { type: 'content_block_stop', index }));
  });
  const stop = options.stop ?? (blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  out.push(frame('message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: usage.output_tokens } }));
  out.push(frame('message_stop', { type: 'message_stop' }));
  return out;
}

/** The same answer as one JSON Messages response. */
export function anthropicJson(blocks: ScriptBlock[], options: { stop?: string; model?: string; usage?: Record<string, number> } = {}) {
  const stop = options.stop ?? (blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  return { ...message('', options.model), content: blocks, stop_reason: stop, usage: options.usage ?? { input_tokens: 11, output_tokens: 7, cache_read_input_tokens: 5, cache_creation_input_tokens: 0 } };
}
