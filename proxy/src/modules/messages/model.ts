import { t } from 'elysia';

/** The members the proxy reads; everything else passes to the upstream untouched. */
export const MessagesRequest = t.Object({
  model: t.String({ minLength: 1, description: 'alias (sonnet, opus[1m], haiku, default) or any model name; routes decide the provider' }),
  stream: t.Optional(t.Boolean()),
  messages: t.Optional(t.Array(t.Unknown())),
}, { additionalProperties: true });
export type MessagesRequest = typeof MessagesRequest.static;

export { ErrorBody } from '../../upstream/errors';
