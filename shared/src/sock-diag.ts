/**
 * The owners of TCP sockets, asked of the Linux kernel over NETLINK_SOCK_DIAG (what `ss` uses):
 * microseconds for one socket named exactly, a fraction of a millisecond for a scan of them all,
 * where printing /proc/net/tcp costs milliseconds. libc is reached through bun:ffi; anywhere that
 * fails (not Linux, no libc.so.6) `sockDiag()` is null and callers fall back.
 */
import { dlopen, FFIType, ptr } from 'bun:ffi';

const AF_NETLINK = 16;
const SOCK_DGRAM = 2;
const NETLINK_SOCK_DIAG = 4;
const SOCK_DIAG_BY_FAMILY = 20;
const NLM_F_REQUEST = 1;
const NLM_F_DUMP = 0x300;
const NLMSG_ERROR = 2;
const NLMSG_DONE = 3;
const IPPROTO_TCP = 6;
/** nlmsghdr (16) + inet_diag_req_v2 (8 + inet_diag_sockid 48). */
const REQUEST_BYTES = 72;
/** In a reply after its nlmsghdr: family, state, timer, retrans (4), sockid (48), expires, rqueue, wqueue (12), then uid. */
const UID_OFFSET = 4 + 48 + 12;

export interface SocketEnds {
  /** 2 (IPv4) or 10 (IPv6). */
  family: number;
  /** The socket's own address (4 or 16 bytes) and port. */
  src: Uint8Array;
  sport: number;
  /** The other end's port, and its address when known (null: any). */
  dport: number;
  dst: Uint8Array | null;
}

type Libc = ReturnType<typeof open>;

function open() {
  return dlopen('libc.so.6', {
    socket: { args: [FFIType.i32, FFIType.i32, FFIType.i32], returns: FFIType.i32 },
    sendto: { args: [FFIType.i32, FFIType.ptr, FFIType.u64, FFIType.i32, FFIType.ptr, FFIType.u32], returns: FFIType.i64 },
    recv: { args: [FFIType.i32, FFIType.ptr, FFIType.u64, FFIType.i32], returns: FFIType.i64 },
    close: { args: [FFIType.i32], returns: FFIType.i32 },
  }).symbols;
}

let libc: Libc | null | undefined;
const reply = new Uint8Array(65536);

/** The kernel's answer: the uids owning sockets with these ends (none found: []); null when it cannot be asked. */
export function sockDiagUids(ends: SocketEnds): number[] | null {
  if (libc === undefined) {
    try { libc = process.platform === 'linux' ? open() : null; } catch { libc = null; }
  }
  if (!libc) return null;
  const fd = libc.socket(AF_NETLINK, SOCK_DGRAM, NETLINK_SOCK_DIAG);
  if (fd < 0) return null;
  try {
    // With the far address known, the kernel looks the one socket up; without it, it lists every
    // TCP socket of the family and the ends are compared here.
    const exact = ends.dst !== null;
    const msg = new Uint8Array(REQUEST_BYTES);
    const m = new DataView(msg.buffer);
    m.setUint32(0, REQUEST_BYTES, true);
    m.setUint16(4, SOCK_DIAG_BY_FAMILY, true);
    m.setUint16(6, exact ? NLM_F_REQUEST : NLM_F_REQUEST | NLM_F_DUMP, true);
    m.setUint32(8, 1, true);
    msg[16] = ends.family;
    msg[17] = IPPROTO_TCP;
    m.setUint32(20, 0xffffffff, true); // every state
    if (exact) {
      m.setUint16(24, ends.sport, false);
      m.setUint16(26, ends.dport, false);
      msg.set(ends.src, 28);
      msg.set(ends.dst!, 44);
      m.setUint32(64, 0xffffffff, true); // no cookie
      m.setUint32(68, 0xffffffff, true);
    }
    const to = new Uint8Array(12);
    new DataView(to.buffer).setUint16(0, AF_NETLINK, true);
    if (Number(libc.sendto(fd, ptr(msg), REQUEST_BYTES, 0, ptr(to), 12)) !== REQUEST_BYTES) return null;
    const out: number[] = [];
    for (;;) {
      const n = Number(libc.recv(fd, ptr(reply), reply.length, 0));
      if (n < 16) return null;
      const v = new DataView(reply.buffer, 0, n);
      for (let at = 0; at + 16 <= n;) {
        const length = v.getUint32(at, true);
        const type = v.getUint16(at + 4, true);
        if (type === NLMSG_DONE) return out;
        if (type === NLMSG_ERROR) {
          // An exact lookup of a socket that does not exist answers ENOENT: none found.
          return exact && v.getInt32(at + 16, true) === -2 ? out : null;
        }
        const body = at + 16;
        if (body + UID_OFFSET + 4 <= n && matches(v, body, ends)) {
          const uid = v.getUint32(body + UID_OFFSET, true);
          if (!out.includes(uid)) out.push(uid);
        }
        if (length < 16) return null;
        at += (length + 3) & ~3;
      }
      if (exact) return out;
    }
  } finally {
    libc.close(fd);
  }
}

function matches(v: DataView, body: number, ends: SocketEnds): boolean {
  if (v.getUint8(body) !== ends.family) return false;
  if (v.getUint16(body + 4, false) !== ends.sport || v.getUint16(body + 6, false) !== ends.dport) return false;
  for (let i = 0; i < ends.src.length; i++) if (v.getUint8(body + 8 + i) !== ends.src[i]) return false;
  if (ends.dst) for (let i = 0; i < ends.dst.length; i++) if (v.getUint8(body + 24 + i) !== ends.dst[i]) return false;
  return true;
}
