/**
 * Which Unix users own the other end of a loopback TCP connection (Linux). Every user of a
 * machine can reach 127.0.0.1, so "a loopback peer" alone also admits other users' programs; the
 * kernel knows the owner of every socket. Asked over netlink (sock-diag.ts) where it can be, else
 * read from /proc/net/tcp and tcp6 (milliseconds per read: the kernel prints every socket).
 *
 * The client's socket is the one whose own end is the peer's address and port and whose far end
 * is our port. A client may bind the port of another connection of the same address to reach
 * another of our addresses (Linux shares a local port between different destinations), so unless
 * our address is known exactly every matching socket counts, and a caller admits the peer only if
 * all of them are its user's.
 */
import { readFileSync } from 'node:fs';
import { parseAddress } from './ip-address';
import { sockDiagUids } from './sock-diag';

/** The address:port key of one end of a socket as /proc/net/tcp{,6} print it (32-bit words in host order), or null. */
export function procSocketKey(address: string, port: number): string | null {
  const bytes = parseAddress(address);
  if (!bytes) return null;
  let hex = '';
  for (let w = 0; w < bytes.length; w += 4) for (let b = 3; b >= 0; b--) hex += bytes[w + b]!.toString(16).padStart(2, '0');
  return `${hex.toUpperCase()}:${port.toString(16).padStart(4, '0').toUpperCase()}`;
}

/**
 * The uids owning the sockets whose local end is `local` (a procSocketKey) and whose far end's
 * port is `remotePort`, in the text of /proc/net/tcp or tcp6: usually one (see the file comment).
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

/** Wildcard listen addresses: a client may have reached any of our addresses. */
const ANY = new Set(['', '0.0.0.0', '::', '[::]']);

/**
 * The uids owning the client side of a connection from `peer` to our `server` (its port, and the
 * address it listens on: when that is one address, the kernel looks up exactly one socket); null
 * where that cannot be told (not Linux). Nothing is cached: a cached answer for a port would admit
 * whoever binds that port next.
 */
export function loopbackPeerUids(peer: { address: string; port: number }, server: { port: number; address?: string }): number[] | null {
  const src = parseAddress(peer.address);
  if (!src) return null;
  const listen = server.address === undefined || ANY.has(server.address) ? null : parseAddress(server.address);
  const dst = listen && listen.length === src.length ? listen : null;
  const viaKernel = sockDiagUids({ family: src.length === 4 ? 2 : 10, src, sport: peer.port, dport: server.port, dst });
  if (viaKernel !== null) return viaKernel;
  const key = procSocketKey(peer.address, peer.port);
  if (key === null) return null;
  let text: string;
  try { text = readFileSync(src.length === 4 ? '/proc/net/tcp' : '/proc/net/tcp6', 'utf8'); } catch { return null; }
  return uidsInTable(text, key, server.port);
}

/** What loopbackPeerUids needs of a listening Bun server. */
export interface ListeningServer {
  requestIP(request: Request): { address: string; port: number } | null;
  readonly port?: number;
  readonly hostname?: string;
}

/**
 * loopbackPeerUids for the peer of `request` on `server` (null before it listens); `listen` is
 * the address it was asked to listen on, when the server's own hostname may not say it.
 */
export function requestPeerUids(server: ListeningServer | null | undefined, request: Request, listen = server?.hostname): number[] | null {
  const peer = server?.requestIP(request);
  return peer && server?.port ? loopbackPeerUids(peer, { port: server.port, address: listen }) : null;
}

/** Whether a program of user `uid` is ours: this process's user, or root (who can read our secrets anyway). */
export function isOwnUser(uid: number, own: number | undefined = process.getuid?.()): boolean {
  return own === undefined || uid === own || uid === 0;
}

/** The first of a peer's uids (loopbackPeerUids) that is another user's; undefined when none is (or none is known). */
export const otherUserIn = (uids: readonly number[] | null): number | undefined => uids?.find((uid) => !isOwnUser(uid));
