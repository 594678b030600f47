import { isAppError, redact, type Logger } from '@devhub/shared';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { InvalidRequest } from '../../upstream/errors';
import { chatToAnthropic, type ChatContext } from '../../translate/chat-request';
import { anthropicToChat, anthropicToChatStream } from '../../translate/chat-response';
import { toOpenAIError } from '../../translate/errors';
import { responsesToAnthropic, type ResponsesContext } from '../../translate/responses-request';
import { anthropicToResponses, anthropicToResponsesStream } from '../../translate/responses-response';
import { parseOrNull, redacting, translateStream } from '../../translate/sse';
import { hasUnsignedThinking } from '../../translate/unsigned-thinking';
import type { AnthropicResponse } from '../../translate/anthropic';
import { parseJsonWithModel } from '../messages/parse';
import { SESSION_HEADER } from '../../accounting/meter';
import { proxyMessages, type MessagesDeps } from '../messages/service';
import { ChatCompletionRequest, ResponsesRequest } from './model';
import { MAX_ANSWER_BYTES, MAX_ERROR_BYTES, readText } from '../../upstream/read-body';

export const CHAT_PATH = '/v1/chat/completions';
export const RESPONSES_PATH = '/v1/responses';

/** The two OpenAI APIs the proxy translates. */
export type OpenAIApi = 'chat' | 'responses';

const encoder = new TextEncoder();

/**
 * One OpenAI-client request: validated, translated to a Messages request, sent through the same
 * routing, key fallback, accounting and request log as POST /v1/messages (which translates again
 * for a `format: openai` provider), and the answer translated back into the client's API.
 */
export async function proxyOpenAI(deps: MessagesDeps, api: OpenAIApi, raw: ArrayBuffer, request: Request): Promise<Response> {
  const { body } = parseJsonWithModel(new TextDecoder().decode(raw));
  validate(api === 'chat' ? CHAT_CHECK : RESPONSES_CHECK, body);
  let translated: ReturnType<typeof chatToAnthropic> | ReturnType<typeof responsesToAnthropic>;
  let text: string;
  try {
    translated = api === 'chat' ? chatToAnthropic(body) : responsesToAnthropic(body);
    text = JSON.stringify(translated.request);
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new InvalidRequest(`request body cannot be translated (${(error as Error).message})`, 'invalid_request');
  }
  const secrets: string[] = [];
  const res = await proxyMessages(deps, {
    headers: messagesHeaders(request.headers), raw: encoder.encode(text).buffer as ArrayBuffer, parsed: translated.request as unknown as Record<string, unknown>,
    signal: request.signal, path: api === 'chat' ? CHAT_PATH : RESPONSES_PATH, unsignedThinking: hasUnsignedThinking(translated.request),
    onServed: (key) => secrets.push(key),
  });
  return toClient(res, api, translated.context, deps.log, secrets);
}

// Compiled once: a 250 KB conversation is checked in a few microseconds instead of a tenth of a millisecond.
const CHAT_CHECK = TypeCompiler.Compile(ChatCompletionRequest);
const RESPONSES_CHECK = TypeCompiler.Compile(ResponsesRequest);

/** A 400 naming the first member that does not fit the schema. */
function validate(check: TypeCheck<typeof ChatCompletionRequest> | TypeCheck<typeof ResponsesRequest>, body: unknown): void {
  if (check.Check(body)) return;
  const first = check.Errors(body).First();
  const path = first?.path ? first.path.slice(1).replaceAll('/', '.') : 'body';
  throw new InvalidRequest(`${path}: ${first?.message ?? 'invalid'}`, 'invalid_request');
}

/**
 * The headers a translated request goes upstream with: the client's user agent and the Messages API
 * version. The client's own headers (OpenAI SDK, Codex) mean nothing to a Messages vendor, except
 * Codex's `session-id`, which becomes the session the accounting records (the header Claude Code
 * sends for the same purpose).
 */
function messagesHeaders(client: Headers): Headers {
  const out = new Headers({ 'anthropic-version': '2023-06-01' });
  const agent = client.get('user-agent');
  if (agent) out.set('user-agent', agent);
  const session = client.get('session-id') ?? client.get('session_id');
  if (session) out.set(SESSION_HEADER, session);
  return out;
}

/**
 * A Messages answer (stream, JSON or error) in the client's API; the proxy's headers are kept.
 * `secrets` (the key that served) are masked in everything the translation writes.
 */
async function toClient(res: Response, api: OpenAIApi, context: ChatContext | ResponsesContext, log: Logger, secrets: readonly string[]): Promise<Response> {
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  if (res.status >= 400) {
    headers.set('content-type', 'application/json');
    return new Response(redact(JSON.stringify(toOpenAIError(res.status, await readText(res, MAX_ERROR_BYTES))), secrets), { status: res.status, headers });
  }
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const translate = api === 'chat' ? anthropicToChatStream(context as ChatContext) : anthropicToResponsesStream(context as ResponsesContext);
    const cut = (error: unknown) => log.warn(`${api === 'chat' ? CHAT_PATH : RESPONSES_PATH}: the upstream's stream could not be translated (${(error as Error)?.message ?? error}); the client's stream was cut`);
    return new Response(translateStream(res.body, redacting(translate, secrets), cut), { status: res.status, headers });
  }
  const message = parseOrNull(await readText(res, MAX_ANSWER_BYTES)) as AnthropicResponse | null;
  headers.set('content-type', 'application/json');
  if (!message || typeof message !== 'object' || !Array.isArray(message.content)) {
    return new Response(JSON.stringify(toOpenAIError(502, 'the upstream answered 200 with a body that is not a Messages answer')), { status: 502, headers });
  }
  const out = api === 'chat' ? anthropicToChat(message, context as ChatContext) : anthropicToResponses(message, context as ResponsesContext);
  return new Response(redact(JSON.stringify(out), secrets), { status: res.status, headers });
}
