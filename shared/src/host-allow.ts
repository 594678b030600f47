/**
 * Which Host headers a server answers: the defence against DNS rebinding. A page of evil.example
 * whose name was made to resolve to 127.0.0.1 reaches a local server, but its requests still say
 * `Host: evil.example`. Shared by the gateway and mahjong (their README "Security model").
 */
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';

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
 * This machine's own name (`os.hostname()`, and `<name>.local` as mDNS announces it): a page of
 * another site cannot send it as its Host, since it names the attacker's domain, not ours.
 */
function isOwnName(name: string): boolean {
  const own = hostname().trim().toLowerCase().replace(/\.$/, '');
  return !!own && (name === own || name === `${own}.local`);
}

export type HostVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Loopback names, this machine's own name and addresses (a server on 0.0.0.0 reached as
 * http://192.168.1.5:8000 or http://mybox.local:8000 from the LAN is not rebinding), the name it
 * listens on, and the configured entries: `host.example` exactly, `.example.com` for it and its
 * subdomains, `*` for any. The port is not compared.
 */
export class HostAllowList {
  private ownAddresses = new Set<string>();
  private readAt = 0;

  constructor(private readonly allowed: readonly string[], private readonly listenHost = '', private readonly setting = 'allowed_hosts') {}

  check(header: string | null): HostVerdict {
    const name = header === null ? '' : hostName(header);
    if (!name) return { ok: false, reason: 'no Host header' };
    if (isLoopbackName(name) || this.configured(name) || (!!this.listenHost && hostName(this.listenHost) === name) || isOwnName(name) || this.isOwnAddress(name)) return { ok: true };
    return { ok: false, reason: `Host "${name}" is not allowed (loopback names, this machine's addresses and ${this.setting} are)` };
  }

  private configured(name: string): boolean {
    return this.allowed.some((entry) => {
      const e = entry.trim().toLowerCase();
      if (e === '*') return true;
      if (e.startsWith('.')) return name === e.slice(1) || name.endsWith(e);
      return hostName(e) === name;
    });
  }

  private isOwnAddress(name: string): boolean {
    if (isIP(name) === 0) return false;
    if (this.ownAddresses.has(name)) return true;
    if (Date.now() - this.readAt < INTERFACES_TTL_MS) return false;
    this.readAt = Date.now();
    this.ownAddresses = new Set(Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address.toLowerCase())));
    return this.ownAddresses.has(name);
  }
}

/** The proxy headers that say a request was relayed: such a request is not a local program's. */
export const FORWARDING_HEADERS = [
  'forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto', 'via',
  // Cloudflare (a cloudflared tunnel) and Akamai-style CDNs name the client this way.
  'cf-connecting-ip', 'true-client-ip',
] as const;

/**
 * Whether a browser's `Sec-Fetch-Site` (which no page can set) says another page made the request:
 * `cross-site` or `same-site` (another port of localhost is the same site). Null (not a browser, or
 * one too old to say), `same-origin` and `none` (typed, bookmarked) are not.
 */
export const isOtherPageSite = (site: string | null): boolean => site !== null && site !== 'same-origin' && site !== 'none';

/** The first forwarding header a request carries, or null. */
export function forwardingHeader(headers: Headers): string | null {
  return FORWARDING_HEADERS.find((name) => headers.has(name)) ?? null;
}
