import { Hold } from './hold';

/**
 * A local OpenAI Responses API (`POST …/responses`, SSE when `stream: true`, as the real Codex CLI
 * always asks) speaking the wire format: response.created, output_item.added / output_text.delta /
 * function_call_arguments.delta / output_item.done per item, then response.completed with usage.
 * Replies: plain text (`CODEX-PONG`); when the newest user text says RUN_TOOL, a shell tool call
 * that needs approval (on whichever shell tool the request offers), then `CODEX-TOOL-DONE` once its
 * output comes back. While the newest user text contains HOLD, each stream (the reply, and the one
 * after a tool's output) stays open after response.created until the next `release()`.
 */
export interface MockOpenAI {
  url: string;
  requests: Array<Record<string, unknown>>;
  release(): void;
  stop(): Promise<void>;
}

type Item =
  | { type: 'message'; id: string; status: string; role: 'assistant'; content: Array<{ type: 'output_text'; text: string; annotations: unknown[] }> }
  | { type: 'function_call'; id: string; status: string; name: string; arguments: string; call_id: string };

export function startMockOpenAI(): MockOpenAI {
  const requests: Array<Record<string, unknown>> = [];
  const hold = new Hold();
  let counter = 0;
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method === 'GET' && url.pathname.endsWith('/models')) return Response.json({ object: 'list', data: [{ id: 'gpt-5-codex', object: 'model', created: 0, owned_by: 'mock' }] });
      if (req.method !== 'POST' || !url.pathname.endsWith('/responses')) return Response.json({ error: { message: 'not found', type: 'invalid_request_error' } }, { status: 404 });
      const body = (await req.json()) as Record<string, unknown>;
      requests.push(body);
      const n = ++counter;
      const items = reply(body, n);
      const response = (status: string, output: Item[]) => ({
        id: `resp_${n}`, object: 'response', created_at: Math.floor(Date.now() / 1000), status, model: String(body.model ?? 'gpt-5-codex'),
        output, error: null, incomplete_details: null,
        usage: status === 'completed' ? { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 } : null,
      });
      if (body.stream !== true) return Response.json(response('completed', items));
      const held = lastUserText(body).includes('HOLD') ? hold.wait() : null;
      return new Response(sse(items, response, held), { headers: { 'content-type': 'text/event-stream' } });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    requests,
    release: () => hold.release(),
    stop: async () => { hold.release(); await server.stop(true); },
  };
}

/** The text of the newest user message in `input` (Codex sends the whole conversation each time). */
function lastUserText(body: Record<string, unknown>): string {
  const input = Array.isArray(body.input) ? body.input as Array<Record<string, unknown>> : [];
  const users = input.filter((i) => i.role === 'user' && (i.type === undefined || i.type === 'message'));
  const last = users[users.length - 1];
  return JSON.stringify(last?.content ?? '');
}

/** The request carries a tool's output after the newest user message: the model gets to answer. */
function hasToolOutput(body: Record<string, unknown>): boolean {
  const input = Array.isArray(body.input) ? body.input as Array<Record<string, unknown>> : [];
  const lastUser = input.findLastIndex((i) => i.role === 'user');
  return input.slice(lastUser + 1).some((i) => typeof i.type === 'string' && i.type.endsWith('_output'));
}

function toolNames(body: Record<string, unknown>): string[] {
  const tools = Array.isArray(body.tools) ? body.tools as Array<Record<string, unknown>> : [];
  return tools.map((t) => String(t.name ?? ''));
}

function reply(body: Record<string, unknown>, n: number): Item[] {
  const text = (t: string): Item => ({ type: 'message', id: `msg_${n}`, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: t, annotations: [] }] });
  if (hasToolOutput(body)) return [text('CODEX-TOOL-DONE')];
  if (!lastUserText(body).includes('RUN_TOOL')) return [text('CODEX-PONG')];
  const names = toolNames(body);
  const command = 'touch created-by-codex.txt';
  // Asking for escalation makes Codex ask the user first (approval policy on-request).
  const call = names.includes('exec_command')
    ? { name: 'exec_command', args: { cmd: command, sandbox_permissions: 'require_escalated', justification: 'Create a marker file in the project?' } }
    : names.includes('shell_command')
      ? { name: 'shell_command', args: { command, sandbox_permissions: 'require_escalated', justification: 'Create a marker file in the project?' } }
      : { name: 'shell', args: { command: ['bash', '-lc', command], sandbox_permissions: 'require_escalated', justification: 'Create a marker file in the project?' } };
  return [{ type: 'function_call', id: `fc_${n}`, status: 'completed', name: call.name, arguments: JSON.stringify(call.args), call_id: `call_${n}` }];
}

function sse(items: Item[], response: (status: string, output: Item[]) => unknown, hold: Promise<void> | null): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let sequence = 0;
  const event = (type: string, data: Record<string, unknown>) =>
    encoder.encode(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`);
  return new ReadableStream({
    async start(controller) {
      controller.enqueue(event('response.created', { response: response('in_progress', []) }));
      controller.enqueue(event('response.in_progress', { response: response('in_progress', []) }));
      if (hold) await hold;
      items.forEach((item, output_index) => {
        if (item.type === 'message') {
          controller.enqueue(event('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', content: [] } }));
          const part = { type: 'output_text', text: '', annotations: [] };
          controller.enqueue(event('response.content_part.added', { item_id: item.id, output_index, content_index: 0, part }));
          const text = item.content[0]!.text;
          controller.enqueue(event('response.output_text.delta', { item_id: item.id, output_index, content_index: 0, delta: text, logprobs: [] }));
          controller.enqueue(event('response.output_text.done', { item_id: item.id, output_index, content_index: 0, text, logprobs: [] }));
          controller.enqueue(event('response.content_part.done', { item_id: item.id, output_index, content_index: 0, part: { ...part, text } }));
        } else {
          controller.enqueue(event('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', arguments: '' } }));
          controller.enqueue(event('response.function_call_arguments.delta', { item_id: item.id, output_index, delta: item.arguments }));
          controller.enqueue(event('response.function_call_arguments.done', { item_id: item.id, output_index, arguments: item.arguments }));
        }
        controller.enqueue(event('response.output_item.done', { output_index, item }));
      });
      controller.enqueue(event('response.completed', { response: response('completed', items) }));
      controller.close();
    },
  });
}
