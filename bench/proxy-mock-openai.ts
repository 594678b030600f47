/**
 * Mock OpenAI-format upstream (Chat Completions) for bench/proxy-translate.ts, in its own process:
 * a small chat.completion, or (`"stream":true`) CHUNKS chunks INTERVAL_MS apart, the usage chunk and
 * `data: [DONE]`. Prints `port <n>` when ready.
 */
const CHUNKS = Number(process.env.CHUNKS ?? 20);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 5);
const base = { id: 'chatcmpl-bench', created: 1_790_000_000, model: 'm1' };
const body = JSON.stringify({
  ...base, object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content: 'pong' }, finish_reason: 'stop', logprobs: null }],
  usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
});
const encoder = new TextEncoder();
const chunk = (delta: unknown, finish: string | null = null) => encoder.encode(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  idleTimeout: 0,
  async fetch(request) {
    const text = await request.text();
    if (!text.includes('"stream":true')) return new Response(body, { headers: { 'content-type': 'application/json' } });
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(chunk({ role: 'assistant', content: '' }));
        for (let i = 0; i < CHUNKS; i++) {
          await Bun.sleep(INTERVAL_MS);
          controller.enqueue(chunk({ content: `t${i} ` }));
        }
        controller.enqueue(chunk({}, 'stop'));
        controller.enqueue(encoder.encode(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 5, completion_tokens: CHUNKS, total_tokens: 5 + CHUNKS } })}\n\ndata: [DONE]\n\n`));
        controller.close();
      },
    });
    return new Response(stream, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
  },
});
console.log(`port ${server.port}`);
