import { readBounded, readBoundedText } from '@devhub/shared';
import { Elysia } from 'elysia';
import { jsonTextDeeperThan, MAX_JSON_DEPTH } from '../formats/json-depth';
import { BadRequest, PayloadTooLarge } from './errors';

/** mahjong/README.md: bodies over 5 MB are refused with 413 before they are read. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * Our deepest request (a paipu: rounds, events, a meld's tiles) nests 8 levels. A JSON body that
 * nests deeper is refused from its text, before JSON.parse builds it (formats/json-depth.ts: 5 MB
 * of brackets took ~230 MB and two seconds of the server's thread to parse), and so before
 * anything walks it recursively (schema errors and re-encoding would overflow the stack).
 */
export { MAX_JSON_DEPTH };

const isJson = (contentType: string) => contentType.includes('json') && !contentType.includes('ndjson');

/**
 * A declared length over the limit is refused before the body is read; a chunked body (no
 * length) is read up to the limit and refused as soon as it passes it, in the same error shape.
 * JSON routes take only a JSON object: `[]`, `null` or a bare string would otherwise slip past
 * schemas whose fields are all optional. Paths in `rawPaths` (a log upload) also take any other
 * content type as raw bytes (a `Uint8Array` body), gzip included.
 */
export const bodyLimit = (limit = MAX_BODY_BYTES, opts: { rawPaths?: readonly string[] } = {}) =>
  new Elysia({ name: 'body-limit' })
    .onRequest(({ request }) => {
      const length = Number(request.headers.get('content-length') ?? 0);
      if (length > limit) throw new PayloadTooLarge(limit);
    })
    .onParse({ as: 'global' }, async ({ request, contentType }) => {
      if (!request.body) return;
      if (!isJson(contentType) && opts.rawPaths?.includes(new URL(request.url).pathname)) {
        return readBounded(request.body, limit, () => new PayloadTooLarge(limit));
      }
      // A body without a Content-Type is JSON, as FastAPI reads it (Python's `requests.post(url,
      // data=text)` sends none). Every body is read here: Elysia's own parser would build a deep
      // JSON body before any check, and would turn a form (curl -d) into an object of junk keys
      // that the all-optional schemas accept. A body that is not JSON is returned as text, which
      // the transform below refuses (400).
      const json = !contentType || isJson(contentType);
      const text = await readBoundedText(request.body, limit, () => new PayloadTooLarge(limit));
      if (!json) return text;
      if (text === '') return undefined;
      if (jsonTextDeeperThan(text)) throw new BadRequest(`request body nests deeper than ${MAX_JSON_DEPTH} levels`);
      try {
        return JSON.parse(text);
      } catch {
        throw new BadRequest('request body is not valid JSON');
      }
    })
    .onTransform({ as: 'global' }, ({ body, request }) => {
      if (request.method === 'GET' || body === undefined || body === '') return;
      if (body instanceof Uint8Array) return;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadRequest('request body must be a JSON object');
    });
