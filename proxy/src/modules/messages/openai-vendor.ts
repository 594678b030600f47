import { stripImages, type Removed } from '../../upstream/multimodal';
import { InvalidRequest } from '../../upstream/errors';
import { toAnthropicError } from '../../translate/errors';
import { anthropicToChatRequest } from '../../translate/vendor-request';
import { chatToAnthropicResponse, chatToAnthropicStream } from '../../translate/vendor-response';
import { parseOrNull, redacting, translateStream } from '../../translate/sse';
import { redact } from '@devhub/shared';
import type { Answer } from './answer';
import { MAX_ANSWER_BYTES, MAX_ERROR_BYTES, readBody, readText } from '../../upstream/read-body';

const NONE: Removed = Object.freeze({ images: 0, documents: 0 });

/** The body for a `format: openai` target: the Messages request as Chat Completions, after the multimodal downgrade. */
export function openaiPayload(body: Record<string, unknown>, model: string, strip: boolean): { payload: string; removed: Removed } {
  const removed = strip ? stripImages(body, model) : NONE;
  try {
    return { payload: JSON.stringify(anthropicToChatRequest(body, model)), removed };
  } catch (error) {
    throw new InvalidRequest(`request body cannot be translated (${(error as Error).message})`, 'invalid_request');
  }
}

/** Headers for an OpenAI-format vendor: its key as a Bearer token; the client's Anthropic headers stay behind. */
export function openaiHeaders(client: Headers, key: string): Headers {
  const out = new Headers({ authorization: `Bearer ${key}`, 'content-type': 'application/json', 'accept-encoding': 'identity' });
  const agent = client.get('user-agent');
  if (agent) out.set('user-agent', agent);
  return out;
}

/**
 * An OpenAI-format vendor's answer in the Messages format: a stream through the chunk translator, a
 * chat completion as a message, an error body in Anthropic's error shape (status kept). `key`, the
 * one that served, is masked in every text the translation takes from the vendor.
 */
export async function fromOpenAIVendor(answer: Answer, model: string, key: string): Promise<Answer> {
  const { res } = answer;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  if (res.status >= 400) {
    const text = await readText(res, MAX_ERROR_BYTES);
    headers.set('content-type', 'application/json');
    return { res: new Response(redact(JSON.stringify(toAnthropicError(res.status, text)), [key]), { status: res.status, headers }) };
  }
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    return { res: new Response(translateStream(res.body, redacting(chatToAnthropicStream(model), [key])), { status: res.status, headers }) };
  }
  const bytes = answer.body ?? await readBody(res, MAX_ANSWER_BYTES);
  const parsed = parseOrNull(new TextDecoder().decode(bytes));
  headers.set('content-type', 'application/json');
  if (!parsed || typeof parsed !== 'object' || !Array.isArray((parsed as { choices?: unknown }).choices)) {
    const error = { type: 'error', error: { type: 'api_error', message: 'the OpenAI-format upstream answered 200 with a body that is not a chat completion' } };
    const body = new TextEncoder().encode(JSON.stringify(error));
    return { res: new Response(body, { status: 502, headers }), body };
  }
  const body = new TextEncoder().encode(redact(JSON.stringify(chatToAnthropicResponse(parsed as Record<string, unknown>, model)), [key]));
  return { res: new Response(body, { status: res.status, headers }), body };
}
