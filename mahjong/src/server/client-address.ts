/**
 * Who sent a request, for the per-client limits (README, "Security model"): the socket's peer
 * address, never a header a client can write, unless the peer is a proxy the operator named
 * (`serve --trusted-proxy`); then X-Forwarded-For is read from the right, skipping the named
 * proxies, and the first hop that is not one of them is the client.
 */

/** An address as 4 (IPv4) or 16 (IPv6) bytes; null when the text is not an address. */
export function addressBytes(text: string): Uint8Array | null {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const parts = v4.slice(1).map(Number);
    return parts.every((p) => p <= 255) ? Uint8Array.from(parts) : null;
  }
  if (!text.includes(':') || !/^[0-9a-fA-F:.]+$/.test(text)) return null;
  let head = text;
  let tail: number[] = [];
  // An embedded IPv4 address at the end (::ffff:10.0.0.1) is two groups.
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const four = addressBytes(dotted[2]!);
    if (!four) return null;
    head = `${dotted[1]!}0:0`;
    tail = [...four];
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const left = groups(halves[0]!);
  const right = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...left, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...right];
  if (all.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => { const n = parseInt(g, 16); bytes[2 * i] = n >> 8; bytes[2 * i + 1] = n & 0xff; });
  if (tail.length) bytes.set(tail, 12);
  return bytes;
}

const MAPPED_V4 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

/** The bytes of an address with an IPv4-mapped IPv6 address (a dual-stack socket's ::ffff:a.b.c.d) as plain IPv4. */
function canonical(bytes: Uint8Array): Uint8Array {
  return bytes.length === 16 && MAPPED_V4.every((b, i) => bytes[i] === b) ? bytes.slice(12) : bytes;
}

/** The address a header or socket gave, without brackets, port or zone; null if it is none. */
export function parseAddress(raw: string): Uint8Array | null {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.replace(/%.*$/, '');
  const bytes = addressBytes(text);
  return bytes ? canonical(bytes) : null;
}

/**
 * The key a client's limit is kept under: an IPv4 address, or an IPv6 address's /64 — one
 * subscriber is usually given a whole /64, so counting its addresses one by one would give it
 * billions of limits.
 */
export function clientKey(bytes: Uint8Array): string {
  if (bytes.length === 4) return bytes.join('.');
  const groups = Array.from({ length: 4 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16));
  return `${groups.join(':')}::/64`;
}

interface Range { bytes: Uint8Array; bits: number }

/** The proxies named by `--trusted-proxy`: addresses or CIDR ranges (10.0.0.0/8, fd00::/8). */
export class TrustedProxies {
  private readonly ranges: Range[];

  /** Throws RangeError naming the first entry that is neither an address nor a range. */
  constructor(entries: readonly string[]) {
    this.ranges = entries.map((entry) => {
      const [addr, prefix, extra] = entry.trim().split('/');
      const bytes = addressBytes((addr ?? '').replace(/^\[(.*)\]$/, '$1'));
      const bits = prefix === undefined ? (bytes?.length ?? 0) * 8 : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
      if (!bytes || extra !== undefined || !(bits >= 0 && bits <= bytes.length * 8)) {
        throw new RangeError(`--trusted-proxy: "${entry}" is neither an IP address nor a CIDR range (10.0.0.0/8, fd00::/8)`);
      }
      const mapped = canonical(bytes);
      return { bytes: mapped, bits: mapped.length === bytes.length ? bits : Math.max(0, bits - 96) };
    });
  }

  get none(): boolean { return this.ranges.length === 0; }

  has(bytes: Uint8Array): boolean {
    return this.ranges.some((r) => {
      if (r.bytes.length !== bytes.length) return false;
      const whole = r.bits >> 3;
      for (let i = 0; i < whole; i++) if (r.bytes[i] !== bytes[i]) return false;
      const rest = r.bits & 7;
      if (!rest) return true;
      const mask = (0xff << (8 - rest)) & 0xff;
      return (r.bytes[whole]! & mask) === (bytes[whole]! & mask);
    });
  }

  /**
   * The client behind `peer`: the peer itself unless it is a trusted proxy; then the right-most
   * X-Forwarded-For entry that is not a trusted proxy. An entry that is not an address stops the
   * walk at the trusted hop that passed it on, so nonsense never buys a limit of its own.
   */
  clientOf(peer: Uint8Array, forwardedFor: string | null): Uint8Array {
    if (!this.has(peer) || !forwardedFor) return peer;
    let client = peer;
    const hops = forwardedFor.split(',');
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = parseAddress(hops[i]!);
      if (!hop) return client;
      client = hop;
      if (!this.has(hop)) return hop;
    }
    return client;
  }
}
