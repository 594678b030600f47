/**
 * Who sent a request, for the per-client limits (README, "Security model"): the socket's peer
 * address, never a header a client can write, unless the peer is a proxy the operator named
 * (`serve --trusted-proxy`); then X-Forwarded-For is read from the right, skipping the named
 * proxies, and the first hop that is not one of them is the client.
 */

import { addressBytes, canonical, clientKey, parseAddress } from '@devhub/shared/ip-address';

export { clientKey, parseAddress };

/** 127.0.0.1 and ::1 (IPv4-mapped loopback arrives as 127.0.0.1): where the owner's browser and scripts connect from. */
export function isOwnMachine(bytes: Uint8Array): boolean {
  if (bytes.length === 4) return bytes[0] === 127 && bytes[1] === 0 && bytes[2] === 0 && bytes[3] === 1;
  return bytes.every((b, i) => b === (i === 15 ? 1 : 0));
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
