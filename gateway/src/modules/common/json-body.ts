import { readBoundedText } from '@devhub/shared';
import { Elysia } from 'elysia';
import { BodyTooLarge, MalformedJson } from './errors';
import { isJsonContentType } from '../guard/policy';
import { MAX_JSON_BYTES, MAX_JSON_DEPTH } from './json-limits';
import { jsonTextDeeperThan } from '@devhub/shared/json-depth';

/** Chat-platform webhooks read their raw bytes themselves (signatures are over them), bounded tighter. */
const WEBHOOKS = /^\/bridge\//;

/**
 * The one JSON parser of every REST route (README "Security model"): a body is read only up to
 * 8 MiB (413 `Request body too large`, at once when Content-Length says so, else when the stream
 * passes it), and checked for nesting deeper than 32 levels in one linear pass before JSON.parse
 * (400 `Malformed JSON body: nested deeper than 32 levels`): Bun would otherwise buffer up to
 * 128 MiB and JSON.parse any depth, and the body is parsed before the key is checked. A blank or
 * absent body is `{}` (`POST /sessions` with every default; elsewhere 422 naming the missing fields).
 */
export const jsonBody = () =>
  new Elysia({ name: 'json-body' }).onParse({ as: 'global' }, async ({ request }, contentType) => {
    // The guard let through JSON bodies and POSTs with no body at all (no content type).
    if (WEBHOOKS.test(new URL(request.url).pathname) || (contentType && !isJsonContentType(contentType))) return undefined;
    if (Number(request.headers.get('content-length') ?? 0) > MAX_JSON_BYTES) throw new BodyTooLarge(MAX_JSON_BYTES);
    const text = await readBoundedText(request.body, MAX_JSON_BYTES, () => new BodyTooLarge(MAX_JSON_BYTES));
    if (!text.trim()) return {};
    if (jsonTextDeeperThan(text, MAX_JSON_DEPTH)) throw new MalformedJson(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new MalformedJson();
    }
    // Every body is an object: an array or a bare value becomes null, which validation answers 422.
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
  });
