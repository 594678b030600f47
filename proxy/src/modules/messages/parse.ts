import { readBounded } from '@devhub/shared';
import { InvalidRequest, RequestTooLarge } from '../../upstream/errors';

/** Anthropic's Messages API limit (32 MB); Claude Code requests with screenshots can be several MB. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * Reads the body under the size limit, whether or not the client sent content-length. A declared
 * length is checked before reading; a chunked body is read chunk by chunk and abandoned as soon as
 * it passes the limit, so an endless upload costs at most 32 MiB of memory.
 */
export async function readBody(request: Request): Promise<ArrayBuffer> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > MAX_BODY_BYTES) throw new RequestTooLarge(MAX_BODY_BYTES);
  let raw: ArrayBuffer;
  try {
    if (declared !== null) raw = await request.arrayBuffer();
    else raw = (await readBounded(request.body, MAX_BODY_BYTES, () => new RequestTooLarge(MAX_BODY_BYTES))).buffer as ArrayBuffer;
  } catch (error) {
    throw tooLargeOr(error);
  }
  if (raw.byteLength > MAX_BODY_BYTES) throw new RequestTooLarge(MAX_BODY_BYTES);
  return raw;
}

/** Bun's own body cap surfaces as a plain Error (same meaning as ours); any other read failure is the client's. */
function tooLargeOr(error: unknown): RequestTooLarge | InvalidRequest {
  if (error instanceof RequestTooLarge) return error;
  if (error instanceof Error && /maxRequestBodySize/i.test(error.message)) return new RequestTooLarge(MAX_BODY_BYTES);
  return new InvalidRequest(`request body could not be read (${(error as Error)?.message || 'connection closed'})`, 'invalid_body');
}

/**
 * The longest model name taken (a Bedrock inference-profile ARN is about 100 characters). The name
 * is written to requests.jsonl, requests.db, the dashboard's live stream and log lines, so an
 * unbounded one would let any client fill the disk with 32 MiB a request.
 */
export const MAX_MODEL_LENGTH = 256;

/** C0 and C1 control characters and DEL: in a name they are a terminal escape or a forged log line. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * What is wrong with a model name the proxy would keep and show (requests.jsonl, requests.db, the
 * log, `stats`, the status line), or null: longer than MAX_MODEL_LENGTH, or holding a control
 * character (an escape sequence for whoever reads them in a terminal: OSC 52 writes the reader's
 * clipboard; a newline would forge a log line).
 */
export function modelProblem(model: string): string | null {
  if (model.length > MAX_MODEL_LENGTH) return `model: at most ${MAX_MODEL_LENGTH} characters, got ${model.length}`;
  const control = CONTROL.exec(model);
  if (control) return `model: no control characters (U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at ${control.index})`;
  return null;
}

/** A JSON object with a non-empty string `model` that modelProblem accepts, or a 400 naming what is wrong. */
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
  const problem = modelProblem(model);
  if (problem) throw new InvalidRequest(problem, 'invalid_request');
  return { body: body as Record<string, unknown>, model };
}
