import { Elysia } from 'elysia';
import { readBody, parseJsonWithModel } from '../messages/parse';
import { countTokens, COUNT_TOKENS_PATH, type CountDeps } from './service';

export { COUNT_TOKENS_PATH };

/** POST /v1/messages/count_tokens as a plain request handler (guard, body, count; failures by `rejected`). */
export function countTokensHandler(deps: CountDeps, guard: (request: Request) => void, rejected: (error: unknown, request: Request) => Response) {
  return async (request: Request): Promise<Response> => {
    try {
      guard(request);
      const { body } = parseJsonWithModel(new TextDecoder().decode(await readBody(request)));
      return await countTokens(deps, body, request.headers);
    } catch (error) {
      return rejected(error, request);
    }
  };
}

export const countTokensModule = (handler: (request: Request) => Promise<Response>) =>
  new Elysia({ name: 'count-tokens' }).post(COUNT_TOKENS_PATH, ({ request }) => handler(request), {
    parse: 'none',
    detail: {
      summary: 'Count a Messages request\'s input tokens',
      description: 'Forwarded to the routed provider when it speaks the Messages API; otherwise a local estimate, marked by estimated: true and the header x-modelproxy-estimate.',
      tags: ['proxy'],
    },
  });
