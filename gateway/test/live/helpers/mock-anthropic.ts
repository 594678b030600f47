import { Hold } from './hold';

/**
 * A local Messages API speaking the real wire format (SSE when `stream: true`), enough for the
 * real Claude Code CLI (and Pi) to run a turn: plain text replies, and a shell tool call when the prompt
 * says RUN_TOOL (answered only on requests that carry `tools`; side requests such as the session
 * title carry none). While the newest prompt says HOLD, each stream with tools (the reply, and the
 * one after a tool's result) stays open after message_start until the next `release()`.
 */
export interface MockAnthropic {
  url: string;
  requests: unknown[];
  release(): void;
  stop(): Promise<void>;
}

type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

export function startMockAnthropic(): MockAnthropic {
  const requests: unknown[] = [];
  const holds = new Hold();
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method !== 'POST' || !url.pathname.endsWith('/v1/messages')) return new Response('', { status: 200 });
      const body = (await req.json()) as { model?: string; stream?: boolean; tools?: unknown[]; messages?: unknown[] };
      requests.push(body);
      const blocks = reply(body);
      if (!body.stream) return Response.json(messageJson(body.model, blocks));
      const hold = lastPrompt(body.messages).includes('HOLD') && Array.isArray(body.tools) ? holds.wait() : null;
      return new Response(sse(body.model ?? 'claude-sonnet', blocks, hold), { headers: { 'content-type': 'text/event-stream' } });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    release: () => holds.release(),
    stop: async () => { holds.release(); await server.stop(true); },
  };
}

function reply(body: { tools?: unknown[]; messages?: unknown[] }): Block[] {
  const messages = body.messages ?? [];
  const last = lastUser(messages);
  if (!Array.isArray(body.tools) || body.tools.length === 0) return [{ type: 'text', text: 'Mock session' }];
  if (last.includes('tool_result')) return [{ type: 'text', text: 'TOOL-DONE-from-mock' }];
  if (last.includes('RUN_TOOL')) {
    return [
      { type: 'text', text: 'I will create the marker file.' },
      { type: 'tool_use', id: `toolu_mock${Date.now().toString(36)}`, name: shellTool(body.tools), input: { command: 'touch created-by-tool.txt', description: 'Create a marker file' } },
    ];
  }
  return [{ type: 'text', text: last.includes('HOLD') ? 'HELD-REPLY-from-mock' : 'PONG-from-mock' }];
}

/** The shell tool the request offers: Claude Code's `Bash`, Pi's `bash`. */
function shellTool(tools: unknown[]): string {
  const names = tools.map((t) => (t as { name?: string })?.name);
  return names.find((n) => n === 'Bash' || n === 'bash') ?? 'Bash';
}

/** The newest user message that is a prompt (text), not a tool's result going back. */
function lastPrompt(messages: unknown[] | undefined): string {
  const prompts = (messages ?? []).filter((m) => {
    const { role, content } = (m ?? {}) as { role?: string; content?: unknown };
    return role === 'user' && (typeof content === 'string' || (Array.isArray(content) && content.some((b) => (b as { type?: string })?.type === 'text')));
  });
  return JSON.stringify(prompts[prompts.length - 1] ?? '');
}

/** Claude Code may end `messages` with a system entry: decide on the newest user turn. */
function lastUser(messages: unknown[] | undefined): string {
  const users = (messages ?? []).filter((m) => (m as { role?: string })?.role === 'user');
  return JSON.stringify(users[users.length - 1] ?? '');
}

function messageJson(model: string | undefined, blocks: Block[]) {
  return {
    id: `msg_mock${Date.now().toString(36)}`, type: 'message', role: 'assistant', model: model ?? 'claude-sonnet',
    content: blocks, stop_reason: blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn', stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5 },
  };
}

function sse(model: string, blocks: Block[], hold: Promise<void> | null): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const event = (type: string, data: unknown) => encoder.encode(`event: ${type}\ndata: ${JSON.stringify({ type, ...(data as object) })}\n\n`);
  const emit = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    blocks.forEach((block, index) => {
      if (block.type === 'text') {
        controller.enqueue(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
        controller.enqueue(event('content_block_delta', { index, delta: { type: 'text_delta', text: block.text } }));
      } else {
        controller.enqueue(event('content_block_start', { index, content_block: { ...block, input: {} } }));
        controller.enqueue(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } }));
      }
      controller.enqueue(event('content_block_stop', { index }));
    });
    const stop = blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
    controller.enqueue(event('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } }));
    controller.enqueue(event('message_stop', {}));
    controller.close();
  };
  return new ReadableStream({
    async start(controller) {
      const msg = { ...messageJson(model, []), content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 1 } };
      controller.enqueue(event('message_start', { message: msg }));
      controller.enqueue(event('ping', {}));
      if (hold) await hold;
      // The client may have gone meanwhile (an interrupted turn): nothing to send then.
      try { emit(controller); } catch { /* stream already cancelled */ }
    },
  });
}
