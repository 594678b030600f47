import { networkInterfaces } from 'node:os';
import { isIP } from 'node:net';

export interface GuardConfig {
  allowed_hosts: readonly string[];
  allowed_origins: readonly string[];
  /** The address the server listens on: a name given there (`--host gw.lan`) is ours too. */
  api_host?: string;
}

export type Verdict = { ok: true } | { ok: false; reason: string };

const OK: Verdict = { ok: true };
/** How often, at most, a Host that names none of our addresses makes us read the interfaces again. */
const INTERFACES_TTL_MS = 10_000;

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback (::ffff:127.x.x.x). */
export function isLoopbackAddress(address: string): boolean {
  const a = address.trim().toLowerCase();
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** `Example.COM:8900` → `example.com`, `[::1]:8900` → `::1`. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined);
  const colon = h.indexOf(':');
  // A bare IPv6 address has several colons and no port.
  const name = colon >= 0 && h.indexOf(':', colon + 1) < 0 ? h.slice(0, colon) : h;
  return name.replace(/\.$/, '');
}

/** `localhost`, `*.localhost` (always loopback in browsers) and 127.0.0.0/8, ::1. */
export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || (isIP(name) !== 0 && isLoopbackAddress(name));
}

/**
 * Which Host headers and browser Origins the API answers (README "Security model"). The Host rule
 * defeats DNS rebinding: a page of evil.example whose name now resolves to 127.0.0.1 still sends
 * `Host: evil.example`. The Origin rule keeps other pages (other sites, other ports of localhost)
 * from driving the API with the browser of the user, including over WebSocket, which has no CORS.
 */
export class RequestPolicy {
  private ownAddresses = new Set<string>();
  private readAt = 0;

  constructor(private readonly config: GuardConfig) {}

  /** Loopback names, this machine's own addresses, and `allowed_hosts`. */
  host(header: string): Verdict {
    const name = hostName(header);
    if (!name) return { ok: false, reason: 'no Host header' };
    if (isLoopbackName(name) || this.configured(name) || this.isListenName(name) || this.isOwnAddress(name)) return OK;
    return { ok: false, reason: `Host "${name}" is not allowed (loopback names, this machine's addresses and allowed_hosts are)` };
  }

  /**
   * No Origin (not a browser, or a same-origin GET), the page's own origin (same host and port as
   * the request's Host), or one of `allowed_origins`. `Origin: null` (sandboxed frames, files) is refused.
   */
  origin(origin: string | null, host: string): Verdict {
    if (origin === null) return OK;
    const allowed = this.config.allowed_origins;
    if (allowed.includes('*')) return OK;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return { ok: false, reason: `Origin "${origin}" is not allowed (not a URL)` };
    }
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host === hostOf(url.protocol, host)) return OK;
    if (allowed.some((entry) => sameOrigin(entry, url.origin))) return OK;
    return { ok: false, reason: `Origin "${origin}" is not allowed (the console's own origin and allowed_origins are)` };
  }

  private configured(name: string): boolean {
    return this.config.allowed_hosts.some((entry) => {
      const e = entry.trim().toLowerCase();
      if (e === '*') return true;
      if (e.startsWith('.')) return name === e.slice(1) || name.endsWith(e);
      return hostName(e) === name;
    });
  }

  private isListenName(name: string): boolean {
    return !!this.config.api_host && hostName(this.config.api_host) === name;
  }

  /** A gateway bound to 0.0.0.0 is reached as http://192.168.1.5:8900 from the LAN: that is not rebinding. */
  private isOwnAddress(name: string): boolean {
    if (isIP(name) === 0) return false;
    if (this.ownAddresses.has(name)) return true;
    if (Date.now() - this.readAt < INTERFACES_TTL_MS) return false;
    this.readAt = Date.now();
    this.ownAddresses = new Set(Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address.toLowerCase())));
    return this.ownAddresses.has(name);
  }
}

/** The `Host` header as the page's URL would write it (default port dropped); '' when it is no host. */
function hostOf(protocol: string, host: string): string {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return '';
  }
}

function sameOrigin(entry: string, origin: string): boolean {
  try {
    return new URL(entry.trim()).origin === origin;
  } catch {
    return false;
  }
}

/** `application/json`, with or without parameters (`; charset=utf-8`). */
export function isJsonContentType(header: string | null): boolean {
  return (header ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** The proxy headers that say a request was relayed: such a request is never anonymous. */
export const FORWARDING_HEADERS = [
  'forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto', 'via',
  // Cloudflare (a cloudflared tunnel) and Akamai-style CDNs name the client this way.
  'cf-connecting-ip', 'true-client-ip',
] as const;

export function forwardingHeader(headers: Headers): string | null {
  return FORWARDING_HEADERS.find((name) => headers.has(name)) ?? null;
}
