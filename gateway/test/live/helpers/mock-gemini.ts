import { Hold } from './hold';

/**
 * A local Gemini API (`POST /v1beta/models/{model}:generateContent`, `:streamGenerateContent?alt=sse`
 * and `:countTokens`) speaking the wire format the real Gemini CLI reads: candidates with
 * `content.parts`, `finishReason` and `usageMetadata`, streamed as `data:` lines. Replies:
 * `GEMINI-PONG`; when the newest user text says RUN_TOOL, a `run_shell_command` call (which the CLI
 * asks the user to approve), then `GEMINI-TOOL-DONE` once its functionResponse comes back. Requests
 * for JSON (the CLI's routing and next-speaker checks) get JSON naming the user as next speaker.
 * While the newest user text says HOLD, each stream stays open after its first chunk until `release()`.
 */
export interface MockGemini {
  url: string;
  requests: Array<{ path: string; body: Record<string, unknown> }>;
  release(): void;
  stop(): Promise<void>;
}

type Part = { text: string } | { functionCall: { name: string; args: Record<string, unknown>; id?: string } };
type Content = { role?: string; parts?: Array<Record<string, unknown>> };

export function startMockGemini(): MockGemini {
  const requests: MockGemini['requests'] = [];
  const hold = new Hold();
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const m = /\/models\/([^/:]+):(generateContent|streamGenerateContent|countTokens)$/.exec(url.pathname);
      if (req.method !== 'POST' || !m) return Response.json({ error: { code: 404, message: `no route ${url.pathname}`, status: 'NOT_FOUND' } }, { status: 404 });
      const body = (await req.json()) as Record<string, unknown>;
      requests.push({ path: url.pathname, body });
      if (m[2] === 'countTokens') return Response.json({ totalTokens: 10 });
      const parts = reply(body);
      const chunk = (p: Part[], finish: boolean) => ({
        candidates: [{ content: { role: 'model', parts: p }, index: 0, ...(finish ? { finishReason: 'STOP' } : {}) }],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: finish ? 5 : 1, totalTokenCount: finish ? 15 : 11 },
        modelVersion: m[1], responseId: `mock-${requests.length}`,
      });
      if (m[2] === 'generateContent') return Response.json(chunk(parts, true));
      const held = lastUserText(body).includes('HOLD') ? hold.wait() : null;
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          const send = (data: unknown) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(data)}\r\n\r\n`));
          if (held) {
            send(chunk([{ text: '' }], false));
            await held;
          }
          send(chunk(parts, true));
          controller.close();
        },
      });
      return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    release: () => hold.release(),
    stop: async () => { hold.release(); await server.stop(true); },
  };
}

const contentsOf = (body: Record<string, unknown>): Content[] => (Array.isArray(body.contents) ? body.contents as Content[] : []);

/** The newest user turn that holds text (a functionResponse turn is a tool's output going back). */
function lastUserText(body: Record<string, unknown>): string {
  const users = contentsOf(body).filter((c) => c.role === 'user' && (c.parts ?? []).some((p) => typeof p.text === 'string'));
  return JSON.stringify(users[users.length - 1]?.parts ?? '');
}

function reply(body: Record<string, unknown>): Part[] {
  const config = (body.generationConfig ?? body.config ?? {}) as Record<string, unknown>;
  if (config.responseMimeType === 'application/json') {
    return [{ text: JSON.stringify({ reasoning: 'mock', next_speaker: 'user', model_choice: 'flash', complexity_reasoning: 'mock', complexity_score: 1 }) }];
  }
  const contents = contentsOf(body);
  const last = contents[contents.length - 1];
  if ((last?.parts ?? []).some((p) => 'functionResponse' in p)) return [{ text: 'GEMINI-TOOL-DONE' }];
  if (lastUserText(body).includes('RUN_TOOL')) {
    return [{ functionCall: { name: 'run_shell_command', args: { command: 'touch created-by-gemini.txt', description: 'Create a marker file' } } }];
  }
  return [{ text: 'GEMINI-PONG' }];
}
