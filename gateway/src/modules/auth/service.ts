import { timingSafeEqual } from 'node:crypto';

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback (::ffff:127.x.x.x). */
export function isLoopbackAddress(address: string): boolean {
  const a = address.trim().toLowerCase();
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export function tokensEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function bearerToken(header: string | null | undefined): string {
  const match = /^Bearer\s+(.+)$/i.exec(header?.trim() ?? '');
  return match?.[1]?.trim() ?? '';
}

export type AuthVerdict = { ok: true } | { ok: false; reason: string };

/**
 * README "Security": with a key, the token must match; with none, only loopback peers are
 * served. `peer` is null for in-process requests (app.handle), which are local by definition.
 */
export function authorize(apiKey: string, token: string, peer: string | null): AuthVerdict {
  if (apiKey) {
    return tokensEqual(token, apiKey) ? { ok: true } : { ok: false, reason: token ? 'wrong API key' : 'missing API key' };
  }
  if (peer === null || isLoopbackAddress(peer)) return { ok: true };
  return { ok: false, reason: `no API key is configured, so only loopback peers are served (peer ${peer}); set api_key / GW_API_KEY to allow remote use` };
}
