/**
 * Secrets in browsers (README, "Security model"): a page never sees or stores a token. The server
 * sets it as an HttpOnly, SameSite=Strict cookie scoped to the API path that needs it, and reads
 * it back only from requests the browser marks as coming from this origin (or typed in the
 * address bar): see fromElsewhere. API clients send headers instead.
 */
import { isOtherPageSite } from '@devhub/shared/host-allow';

export interface CookieOptions {
  /** The narrowest path that needs it. */
  readonly path: string;
  /** Seconds; omitted: gone when the browser closes. 0 removes it. */
  readonly maxAge?: number;
}

export function secretCookie(name: string, value: string, opts: CookieOptions): string {
  const age = opts.maxAge === undefined ? '' : `; Max-Age=${opts.maxAge}`;
  return `${name}=${value}; Path=${opts.path}; HttpOnly; SameSite=Strict${age}`;
}

export const clearedCookie = (name: string, path: string): string => secretCookie(name, '', { path, maxAge: 0 });

/** Every cookie of the request, name → value (the first of a repeated name: the most specific path). */
export function requestCookies(request: Request): Map<string, string> {
  const out = new Map<string, string>();
  const header = request.headers.get('cookie');
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (value && !out.has(name)) out.set(name, value);
  }
  return out;
}

/**
 * Whether a browser sent this request from a page of another origin. SameSite=Strict keeps
 * cookies off requests from other sites, but another port or subdomain of the same site is still
 * "same site": its requests carry the cookies. Browsers say where a request comes from in
 * Sec-Fetch-Site, which no page can set; it is trusted first (it also holds behind a proxy that
 * rewrites Host). Browsers without it are judged by Origin against the host the request was sent to
 * (X-Forwarded-Host behind a proxy). API clients send neither: never "elsewhere".
 */
export function fromElsewhere(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site) return isOtherPageSite(site);
  const origin = request.headers.get('origin');
  if (!origin) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  const served = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host') || new URL(request.url).host;
  return host.toLowerCase() !== served.toLowerCase();
}

/** A named cookie's value when the request may use it (not fromElsewhere), else null. */
export function trustedCookie(request: Request, name: string): string | null {
  if (!request.headers.has('cookie') || fromElsewhere(request)) return null;
  return requestCookies(request).get(name) ?? null;
}
