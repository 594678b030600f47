import { InvalidRequest, RequestTooLarge } from '../../upstream/errors';

/** Anthropic's Messages API limit (32 MB); Claude Code requests with screenshots can be several MB. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** Reads the body under the size limit, whether or not the client sent content-length. */
export async function readBody(request: Request): Promise<{ raw: ArrayBuffer; text: string }> {
  const raw = await request.arrayBuffer();
  if (raw.byteLength > MAX_BODY_BYTES) throw new RequestTooLarge(MAX_BODY_BYTES);
  return { raw, text: new TextDecoder().decode(raw) };
}

/** A JSON object with a non-empty string `model`, or a 400 naming what is wrong. */
export function parseJsonWithModel(text: string): { body: Record<string, unknown>; model: string } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new InvalidRequest(`request body is not valid JSON: ${(error as Error).message}`, 'invalid_json');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new InvalidRequest('request body must be a JSON object', 'invalid_json');
  }
  const model = (body as Record<string, unknown>).model;
  if (typeof model !== 'string' || model.trim() === '') {
    throw new InvalidRequest('model: required, a non-empty string', 'missing_model');
  }
  return { body: body as Record<string, unknown>, model };
}
