import { Elysia } from 'elysia';
import { PayloadTooLarge } from './errors';

/** DECISIONS.md: bodies over 5 MB are refused with 413 before they are read. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

export const bodyLimit = (limit = MAX_BODY_BYTES) =>
  new Elysia({ name: 'body-limit' }).onRequest(({ request }) => {
    const length = Number(request.headers.get('content-length') ?? 0);
    if (length > limit) throw new PayloadTooLarge(limit);
  });
