/**
 * A local stand-in for the vendors' quota and Messages endpoints: a real HTTP server on port 0
 * answering with the vendors' exact shapes (test/usage/fixtures.ts). Each test scripts the answer per
 * request and reads back what was sent.
 */
import { anthropicError, serveMock, type Recorded } from '../helpers/mock-upstream';

export { anthropicError };
export type { Recorded } from '../helpers/mock-upstream';

export type Script = (req: Recorded) => Response | Promise<Response>;

export interface MockUpstream {
  url: string;
  requests: Recorded[];
  stop(): Promise<void>;
}

/** The shared mock server, answering with one script for the whole test. */
export function startMock(script: Script): MockUpstream {
  const { url, requests, stop } = serveMock(script);
  return { url, requests, stop };
}

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const messageOk = (): Response =>
  json({ id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [{ type: 'text', text: 'hello' }], stop_reason: 'end_turn', usage: { input_tokens: 1, output_tokens: 1 } });

/** Routes a request by `METHOD path` to a script; unknown paths answer the Anthropic 404. */
export function routes(table: Record<string, Script>): Script {
  return (req) => (table[`${req.method} ${req.path}`] ?? (() => anthropicError(404, 'not_found_error', `no route ${req.path}`)))(req);
}
