import { readBoundedText, redact } from '@devhub/shared';
import { UsageQueryFailed } from './errors';

/** Outbound limits for quota calls: no credentialed redirects, bounded answers. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface HttpAnswer {
  status: number;
  text: string;
}

export interface RequestSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** A deadline shared with other requests (else `timeoutMs` from now). */
  signal?: AbortSignal;
  /** Secrets to mask if the upstream echoes them in an error. */
  secrets: string[];
}

/** One HTTP exchange; network failures and timeouts become UsageQueryFailed with a short reason. */
export async function request(spec: RequestSpec): Promise<HttpAnswer> {
  try {
    const response = await fetch(spec.url, {
      method: spec.method ?? 'GET',
      headers: spec.headers,
      body: spec.body,
      redirect: 'manual',
      signal: spec.signal ?? AbortSignal.timeout(spec.timeoutMs),
    });
    // The signal also bounds reading the body: a trickling answer times out like a silent one.
    const text = redact(await readCapped(response), spec.secrets);
    return { status: response.status, text };
  } catch (error) {
    if (error instanceof UsageQueryFailed) throw error;
    const e = error as Error & { code?: string };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new UsageQueryFailed(`timeout after ${formatSeconds(spec.timeoutMs)}`);
    throw new UsageQueryFailed(redact(`unreachable: ${e.code ?? e.message}`, spec.secrets));
  }
}

function readCapped(response: Response): Promise<string> {
  return readBoundedText(response.body, MAX_BODY_BYTES, () => new UsageQueryFailed('answer larger than 1 MiB'));
}

/** Parses a JSON object answer or fails with the status and a short excerpt. */
export function jsonObject(answer: HttpAnswer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(answer.text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch { /* reported below */ }
  throw new UsageQueryFailed(`HTTP ${answer.status}, not JSON: ${excerpt(answer.text)}`);
}

/** Non-2xx answers: the status plus the upstream's own message when it has one. */
export function httpFailure(answer: HttpAnswer): UsageQueryFailed {
  const message = errorMessage(answer.text);
  return new UsageQueryFailed(`HTTP ${answer.status}${message ? `: ${message}` : ''}`);
}

/** Finds the message in the error shapes the platforms use (Anthropic, LiteLLM, Zhipu, MiniMax). */
export function errorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, any>;
    const candidates = [body?.error?.message, body?.msg, body?.message, body?.base_resp?.status_msg, body?.detail];
    const found = candidates.find((c) => typeof c === 'string' && c.trim());
    if (found) return excerpt(found);
  } catch { /* not JSON */ }
  return excerpt(text);
}

export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export const formatSeconds = (ms: number): string => `${Number((ms / 1000).toFixed(1))}s`;
