/**
 * A local stand-in for the vendors' quota and Messages endpoints: a real HTTP server on port 0
 * answering with the exact shapes in ref/proxy-upstreams.md. Each test scripts the answer per
 * request and reads back what was sent.
 */
export interface Recorded {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  body: string;
}

export type Script = (req: Recorded) => Response | Promise<Response>;

export interface MockUpstream {
  url: string;
  requests: Recorded[];
  /** Replace the answering script. */
  script: Script;
  stop(): Promise<void>;
}

export function startMock(script: Script): MockUpstream {
  const mock: MockUpstream = {
    url: '',
    requests: [],
    script,
    stop: async () => { await server.stop(true); },
  };
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url);
      const recorded: Recorded = {
        method: request.method,
        path: url.pathname,
        search: url.search,
        headers: Object.fromEntries(request.headers.entries()),
        body: await request.text(),
      };
      mock.requests.push(recorded);
      return mock.script(recorded);
    },
  });
  mock.url = `http://127.0.0.1:${server.port}`;
  return mock;
}

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The Anthropic error shape the probe sees (ref §4). */
export const anthropicError = (status: number, type: string, message: string): Response =>
  json({ type: 'error', error: { type, message }, request_id: 'req_mock' }, status);

export const messageOk = (): Response =>
  json({ id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [{ type: 'text', text: 'hello' }], stop_reason: 'end_turn', usage: { input_tokens: 1, output_tokens: 1 } });

/** Routes a request by `METHOD path` to a script; unknown paths answer the Anthropic 404. */
export function routes(table: Record<string, Script>): Script {
  return (req) => (table[`${req.method} ${req.path}`] ?? (() => anthropicError(404, 'not_found_error', `no route ${req.path}`)))(req);
}
