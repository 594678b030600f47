/**
 * Statuses that move on to the next key (plus connection errors and timeouts): auth and billing,
 * rate limits, 408 and every 5xx including 504, Cloudflare's 520–524 and Anthropic's 529. Also what
 * keeps a re-checked key resting (key-pool.ts).
 */
export const RETRYABLE_STATUSES = new Set([401, 402, 403, 408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524, 529]);
