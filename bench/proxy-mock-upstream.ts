/**
 * Mock Anthropic upstream for bench/proxy.ts, run as its own process so that neither the client nor
 * the proxy shares its event loop. Non-streaming: a small fixed message. Streaming (`"stream":true`):
 * CHUNKS SSE frames, INTERVAL_MS apart, each stamped with its send time (performance.timeOrigin-based
 * milliseconds) so the client can measure how late each chunk arrives. Prints `port <n>` when ready.
 */
const CHUNKS = Number(process.env.CHUNKS ?? 20);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 5);
const wallNow = () => performance.timeOrigin + performance.now();
const body = JSON.stringify({
  id: 'msg_bench', type: 'message', role: 'assistant', model: 'm1', content: [{ type: 'text', text: 'pong' }],
  stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 5, output_tokens: 1 },
});
const encoder = new TextEncoder();
const frame = (event: string, data: unknown) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  idleTimeout: 0,
  async fetch(request) {
    const text = await request.text();
    if (!text.includes('"stream":true')) return new Response(body, { headers: { 'content-type': 'application/json' } });
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(frame('message_start', { type: 'message_start', message: { id: 'msg_bench', type: 'message', role: 'assistant', model: 'm1', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 5, output_tokens: 1 } }, sent: wallNow() }));
        controller.enqueue(frame('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }));
        for (let i = 0; i < CHUNKS; i++) {
          await Bun.sleep(INTERVAL_MS);
          controller.enqueue(frame('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: `t${i} ` }, sent: wallNow() }));
        }
        controller.enqueue(frame('content_block_stop', { type: 'content_block_stop', index: 0 }));
        controller.enqueue(frame('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: CHUNKS } }));
        controller.enqueue(frame('message_stop', { type: 'message_stop' }));
        controller.close();
      },
    });
    return new Response(stream, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
  },
});
console.log(`port ${server.port}`);
