import { Elysia } from 'elysia';
import { ErrorBody, MessagesRequest } from './model';
import { readBody } from './parse';
import { proxyMessages, type MessagesDeps } from './service';

export const messagesModule = (deps: MessagesDeps) =>
  new Elysia({ name: 'messages' }).post(
    '/v1/messages',
    async ({ request }) => {
      const { raw } = await readBody(request);
      return proxyMessages(deps, { headers: request.headers, raw, signal: request.signal });
    },
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
