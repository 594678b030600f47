import type { Logger } from '@devhub/shared';
import type { KeyEntry, Provider } from '../config/schema';
import type { Candidate, KeyPool } from './key-pool';

/** The plan windows a coding-plan vendor counts usage in. */
export type QuotaWindow = 'five_hour' | 'weekly';

/** A vendor's answer saying a key has used up a plan window (not a short rate limit). */
export interface QuotaExhausted {
  window: QuotaWindow;
  /** When the vendor said the window resets (epoch ms), if its answer says. */
  resetMs: number | null;
  /** What the vendor said, for the log: `2056`, `1308`, `access_terminated_error`. */
  code: string;
}

/**
 * MiniMax answers HTTP 200 with a non-zero `base_resp.status_code` on its native endpoints, and
 * puts the same code in parentheses at the end of an Anthropic-style error message. These codes
 * mean "this key", so another key may work.
 */
export const MINIMAX_KEY_CODES: Record<number, number> = { 1002: 429, 1004: 401, 1008: 402, 1039: 429, 2049: 401, 2056: 429 };
/** MiniMax: 5-hour usage limit exceeded. */
export const MINIMAX_WINDOW_CODE = 2056;
/** Zhipu / Z.ai coding plan: 1308 and 1316 the 5-hour window, 1310 the weekly (or monthly) one. */
const ZHIPU_CODES: Record<string, QuotaWindow> = { 1308: 'five_hour', 1316: 'five_hour', 1310: 'weekly' };
/** Zhipu states its reset as a local time without a zone: Beijing time. */
const ZHIPU_OFFSET = '+08:00';

/**
 * Recognizes a used-up plan window in an upstream error answer:
 * - MiniMax: `base_resp.status_code` 2056, or a message ending in `(2056)` such as
 *   `usage limit exceeded, 5-hour usage limit reached … resets at 2026-05-15T15:00:00Z (2056)`;
 * - Zhipu / Z.ai: `error.code` 1308 (`Usage limit reached for 5 hour. Your limit will reset at
 *   2026-08-27 21:31:39`), 1316, or 1310 (weekly/monthly);
 * - Kimi: `access_terminated_error` (or any error) whose message says a usage limit was reached,
 *   such as `You've reached your weekly (7-day) usage limit`; the window is read from the text.
 * A plain rate limit ("too many requests") is not a used-up window and gives null.
 */
export function quotaExhausted(text: string): QuotaExhausted | null {
  const body = parseObject(text);
  if (!body) return null;
  const error = isObject(body.error) ? body.error : {};
  const message = String(error.message ?? body.message ?? body.msg ?? (isObject(body.base_resp) ? body.base_resp.status_msg ?? '' : ''));
  const codes = [
    isObject(body.base_resp) ? body.base_resp.status_code : undefined,
    error.code, body.code, /\((\d{4})\)\s*$/.exec(message)?.[1],
  ].filter((c) => c !== undefined && c !== null).map(String);
  if (codes.includes(String(MINIMAX_WINDOW_CODE))) return { window: 'five_hour', resetMs: resetIn(message, 'Z'), code: String(MINIMAX_WINDOW_CODE) };
  const zhipu = codes.find((c) => ZHIPU_CODES[c]);
  if (zhipu) return { window: ZHIPU_CODES[zhipu]!, resetMs: resetIn(message, ZHIPU_OFFSET), code: zhipu };
  if (/usage limit/i.test(message) && /reached|exceeded|exhausted/i.test(message)) {
    const window: QuotaWindow = /week|7-day|month/i.test(message) ? 'weekly' : 'five_hour';
    return { window, resetMs: resetIn(message, 'Z'), code: String(error.type ?? error.code ?? 'usage limit') };
  }
  return null;
}

/** The MiniMax code of a native answer's `base_resp` when it is not 0 (any HTTP status). */
export function baseRespCode(body: unknown): number | null {
  if (!isObject(body) || !isObject(body.base_resp)) return null;
  const code = Number(body.base_resp.status_code);
  return Number.isFinite(code) && code !== 0 ? code : null;
}

/** `2026-05-15T15:00:00Z` or `2026-08-27 21:31:39` (zone-less: `offset`) in a message. */
function resetIn(message: string, offset: string): number | null {
  const m = /(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?(Z|[+-]\d{2}:?\d{2})?/.exec(message);
  if (!m) return null;
  const ms = Date.parse(`${m[1]}T${m[2]}${m[3]?.slice(0, 4) ?? ''}${m[4] ?? offset}`);
  return Number.isFinite(ms) ? ms : null;
}

function parseObject(text: string): Record<string, any> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, any> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** Asks the usage adapter when a used-up key's window resets (see usage/reset.ts). */
export type ResetLookup = (provider: Provider, entry: KeyEntry, window: QuotaWindow) => Promise<number | null>;

/**
 * Moves a used-up key's rest to its window's reset, off the request path: the key rests for the
 * default at once, and the reset replaces it when the adapter answers. One question per key at a time.
 */
export class QuotaResets {
  private readonly asking = new Set<string>();

  constructor(private readonly pool: KeyPool, private readonly lookup: ResetLookup, private readonly log: Logger) {}

  ask(target: { name: string; provider: Provider }, candidate: Candidate, window: QuotaWindow): Promise<void> {
    const id = `${target.name}\u0000${candidate.entry.key}`;
    if (this.asking.has(id)) return Promise.resolve();
    this.asking.add(id);
    const label = `${target.name}#${candidate.index}`;
    return this.lookup(target.provider, candidate.entry, window)
      .then((resetMs) => {
        if (resetMs !== null && this.pool.restUntil(target.name, candidate.entry.key, resetMs)) {
          this.log.info(`${label}: plan window used up; resting until ${new Date(resetMs).toISOString()} (usage adapter)`);
        } else {
          this.log.info(`${label}: plan window used up; the usage adapter gave no reset, resting until ${new Date(this.pool.restingUntil(target.name, candidate.entry.key) ?? Date.now()).toISOString()}`);
        }
      })
      .catch((error: unknown) => {
        this.log.warn(`${label}: plan window used up; its reset could not be read (${(error as Error).message}), keeping the default rest`);
      })
      .finally(() => this.asking.delete(id));
  }
}
