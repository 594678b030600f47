import { Elysia } from 'elysia';
import { readBody } from '../messages/parse';
import type { MessagesDeps } from '../messages/service';
import { ChatCompletionRequest, OpenAIErrorBody, ResponsesRequest } from './model';
import { CHAT_PATH, proxyOpenAI, RESPONSES_PATH, type OpenAIApi } from './service';

export { CHAT_PATH, RESPONSES_PATH };

/** POST /v1/chat/completions or /v1/responses as a plain request handler (guard, body, proxy; failures by `rejected`). */
export function openaiHandler(api: OpenAIApi, deps: MessagesDeps, guard: (request: Request) => void, rejected: (error: unknown, request: Request) => Response) {
  return async (request: Request): Promise<Response> => {
    try {
      guard(request);
      return await proxyOpenAI(deps, api, await readBody(request), request);
    } catch (error) {
      return rejected(error, request);
    }
  };
}

const errors = { 400: { description: 'bad request (OpenAI error shape)', content: { 'application/json': { schema: OpenAIErrorBody as never } } } };

/** The routes as Elysia sees them (OpenAPI, `app.handle`); the handlers are `openaiHandler`'s. */
export const openaiModule = (chat: (request: Request) => Promise<Response>, responses: (request: Request) => Promise<Response>) =>
  new Elysia({ name: 'openai' })
    .post(CHAT_PATH, ({ request }) => chat(request), {
      parse: 'none',
      detail: {
        summary: 'OpenAI Chat Completions, translated (streaming and not)',
        description: 'Routed by model like /v1/messages; translated to the provider\'s format and back. Errors use OpenAI\'s error shape.',
        tags: ['openai'],
        requestBody: { required: true, content: { 'application/json': { schema: ChatCompletionRequest as never } } },
        responses: { 200: { description: 'chat.completion, or chat.completion.chunk SSE when stream is true' }, ...errors },
      },
    })
    .post(RESPONSES_PATH, ({ request }) => responses(request), {
      parse: 'none',
      detail: {
        summary: 'OpenAI Responses API, translated (the API Codex CLI uses)',
        description: 'Stateless (store is ignored, previous_response_id refused); streaming events response.created … response.completed.',
        tags: ['openai'],
        requestBody: { required: true, content: { 'application/json': { schema: ResponsesRequest as never } } },
        responses: { 200: { description: 'response object, or response.* SSE events when stream is true' }, ...errors },
      },
    });
