import { Elysia } from 'elysia';
import { ErrorBody, MessagesRequest } from './model';
import { readBody } from './parse';
import { MESSAGES_PATH, proxyMessages, type MessagesDeps } from './service';

export { MESSAGES_PATH };

/**
 * POST /v1/messages as a plain request handler: the request guard, the body read and the proxy,
 * with any failure answered by `rejected` (the app's one error mapping).
 */
export function messagesHandler(deps: MessagesDeps, guard: (request: Request) => void, rejected: (error: unknown, request: Request) => Response) {
  return async (request: Request): Promise<Response> => {
    try {
      guard(request);
      const raw = await readBody(request);
      return await proxyMessages(deps, { headers: request.headers, raw, signal: request.signal });
    } catch (error) {
      return rejected(error, request);
    }
  };
}

/** The route as Elysia sees it (OpenAPI, `app.handle`); the handler is `messagesHandler`'s. */
export const messagesModule = (handler: (request: Request) => Promise<Response>) =>
  new Elysia({ name: 'messages' }).post(
    MESSAGES_PATH,
    ({ request }) => handler(request),
    {
      // The body is read raw: it is forwarded byte-for-byte unless a route rewrites the model.
      parse: 'none',
      detail: {
        summary: 'Anthropic Messages proxy (streaming and not)',
        description: 'Routes by model, replaces client auth with the provider key, falls back across keys, streams bytes unchanged. Header x-modelproxy-key names the key that served.',
        tags: ['proxy'],
        requestBody: { required: true, content: { 'application/json': { schema: MessagesRequest as never } } },
        responses: { 200: { description: 'upstream answer: JSON, or SSE when stream is true' }, 400: { description: 'bad request', content: { 'application/json': { schema: ErrorBody as never } } } },
      },
    },
  );
