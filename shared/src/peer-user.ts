/**
 * Which Unix user owns the other end of a loopback TCP connection (Linux). Every user of a
 * machine can reach 127.0.0.1, so "a loopback peer" alone also admits other users' programs; the
 * kernel lists every TCP socket of the network namespace with its owner in /proc/net/tcp and
 * /proc/net/tcp6, and the client's socket is the one whose local end is the peer's address and
 * port and whose remote end is our port.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';

/** `127.0.0.1` → `0100007F` (the kernel prints each 32-bit word in host order: little-endian here). */
function hexV4(address: string): string {
  return address.split('.').map((n) => Number(n).toString(16).padStart(2, '0').toUpperCase()).reverse().join('');
}

/** An IPv6 address as /proc/net/tcp6 prints it: four 32-bit words, each little-endian. */
function hexV6(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return `0000000000000000FFFF0000${hexV4(mapped[1]!)}`;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const left = halves[0] ? halves[0].split(':') : [];
  const right = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length !== 8) return null;
  const bytes = groups.flatMap((g) => { const n = parseInt(g, 16); return [n >> 8, n & 0xff]; });
  let out = '';
  for (let w = 0; w < 4; w++) for (let b = 3; b >= 0; b--) out += bytes[w * 4 + b]!.toString(16).padStart(2, '0');
  return out.toUpperCase();
}

/** The address:port key of one end of a socket as the kernel's tables print it, or null. */
export function procSocketKey(address: string, port: number): string | null {
  const kind = isIP(address);
  const hex = kind === 4 ? hexV4(address) : kind === 6 ? hexV6(address) : null;
  return hex === null ? null : `${hex}:${port.toString(16).padStart(4, '0').toUpperCase()}`;
}

/**
 * The uids owning the sockets whose local end is `local` (an address:port key from
 * procSocketKey) and whose remote end's port is `remotePort`, in the text of /proc/net/tcp or
 * tcp6. Usually one; a client may bind the port of another connection of the same address to
 * reach another of our addresses (Linux shares a local port between different destinations),
 * so every one counts.
 */
export function uidsInTable(text: string, local: string, remotePort: number): number[] {
  const port = `:${remotePort.toString(16).padStart(4, '0').toUpperCase()}`;
  const out: number[] = [];
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    // sl local_address rem_address st tx:rx tr:when retrnsmt uid …
    if (f.length < 8 || f[1] !== local || !f[2]!.endsWith(port)) continue;
    const uid = Number(f[7]);
    if (Number.isInteger(uid) && !out.includes(uid)) out.push(uid);
  }
  return out;
}

/**
 * The uids of the program on the other end of a loopback connection to our `serverPort`, whose
 * peer is `peer` (see uidsInTable); null where that cannot be told (not Linux, no /proc).
 * Reading a table costs milliseconds (the kernel walks its socket hash to print it), so only the
 * one table the peer's socket is in is read, and nothing is cached: a cached answer for a port
 * would admit whoever binds that port next.
 */
export function loopbackPeerUids(peer: { address: string; port: number }, serverPort: number): number[] | null {
  // A dual-stack server sees an IPv4 client as ::ffff:a.b.c.d; the client's own socket is IPv4.
  const v4 = isIP(peer.address) === 4 ? peer.address : /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(peer.address)?.[1];
  const key = procSocketKey(v4 ?? peer.address, peer.port);
  if (key === null) return null;
  let text: string;
  try { text = readFileSync(v4 ? '/proc/net/tcp' : '/proc/net/tcp6', 'utf8'); } catch { return null; }
  return uidsInTable(text, key, serverPort);
}
