import { anthropicFrames, type Handler, type ScriptBlock, sseResponse } from './mock-upstream';

type Block = { type: string; [k: string]: unknown };
/** What a client sent the vendor (the parts these vendors read). */
export type SentToVendor = { model: string; system?: string; messages: { role: string; content: string | Block[] }[]; tools?: { name: string }[]; stream?: boolean };

/**
 * An Anthropic-format vendor at `/anthropic/v1/messages` for a real client's tool round trip: asked
 * without a tool result, it answers with `call(body)` (a tool call the client must run on
 * marker.txt); given the result, it says what the file said: "The file says MARKER-….".
 */
export function fileReadingVendor(call: (body: SentToVendor) => ScriptBlock[], model = 'claude-sonnet-mock'): Handler {
  return (r) => {
    if (r.path !== '/anthropic/v1/messages') return new Response('not found', { status: 404 });
    const body = JSON.parse(r.body) as SentToVendor;
    const results = body.messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content)).filter((b) => b.type === 'tool_result');
    if (results.length === 0) return sseResponse(anthropicFrames(call(body), { model }));
    const said = JSON.stringify(results[0]!.content).match(/MARKER-[a-z0-9]+/)?.[0] ?? 'nothing';
    return sseResponse(anthropicFrames([{ type: 'text', text: `The file says ${said}.` }], { model }));
  };
}
