/**
 * Walls nobody can compute in advance (mahjong/README.md, "How the wall is made"). An unseeded
 * game draws a 32-byte secret from the platform's CSPRNG (`crypto.getRandomValues`); hand `i`'s
 * wall is a Fisher–Yates shuffle of the 136 tiles driven by the stream
 * HMAC-SHA256(secret, "devhub-wall" ‖ u32be(i) ‖ u32be(block)), read as big-endian 32-bit words,
 * each index drawn by rejection sampling (no modulo bias). The game publishes the commitment
 * SHA-256("devhub-wall-v2:" + secret in lower-case hex) at its start and reveals the secret at
 * its end, so anyone can check that every wall was fixed before the first tile was dealt.
 * Seeded practice games keep the small splitmix32 seed of `wall.ts`.
 */
import { fromHex, hmacSha256, sha256, toHex, utf8 } from '../crypto/sha256';
import { LIVE_TILES, handSeed, shuffledWall, type Wall } from './wall';

export const SECRET_BYTES = 32;
/** The record's seed for a committed wall: `devhub-v2,<commitment>` in play, `,<secret>` added at the end. */
export const COMMITTED_SCHEME = 'devhub-v2';
export const SEEDED_SCHEME = 'devhub-v1';

/** A fresh secret as lower-case hex (256 bits from the CSPRNG). */
export function newWallSecret(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
}

export const isWallSecret = (s: string): boolean => /^[0-9a-f]{64}$/.test(s);

export function wallCommitment(secretHex: string): string {
  return toHex(sha256(utf8(`devhub-wall-v2:${secretHex.toLowerCase()}`)));
}

/** 32-bit words of hand `hand`'s HMAC stream. */
function wordStream(key: Uint8Array, hand: number): () => number {
  const msg = new Uint8Array(11 + 8);
  msg.set(utf8('devhub-wall'));
  const mv = new DataView(msg.buffer);
  mv.setUint32(11, hand >>> 0);
  let block = 0;
  let words: DataView = new DataView(new ArrayBuffer(0));
  let at = 8;
  return () => {
    if (at === 8) {
      mv.setUint32(15, block++);
      const out = hmacSha256(key, msg);
      words = new DataView(out.buffer, out.byteOffset, out.byteLength);
      at = 0;
    }
    return words.getUint32(4 * at++);
  };
}

/** The wall of hand `hand` of a game whose secret is `secretHex`. */
export function secretWall(secretHex: string, hand: number): Wall {
  const key = fromHex(secretHex);
  if (!key || key.length !== SECRET_BYTES) throw new Error('invariant: a wall secret is 64 hex digits');
  const next = wordStream(key, hand);
  const tiles = new Array<number>(136);
  for (let i = 0; i < 136; i++) tiles[i] = i;
  for (let i = 135; i > 0; i--) {
    const n = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % n);
    let u = next();
    while (u >= limit) u = next();
    const j = u % n;
    const x = tiles[i]!;
    tiles[i] = tiles[j]!;
    tiles[j] = x;
  }
  return { live: tiles.slice(0, LIVE_TILES), rinshan: tiles.slice(122, 126), dora: tiles.slice(126, 131), ura: tiles.slice(131, 136) };
}

/** What a record's seed says about its walls. */
export type WallSource =
  | { kind: 'seeded'; seed: number }
  | { kind: 'committed'; commitment: string; secret: string | null }
  | { kind: 'unknown' };

export function parseWallSeed(seed: string): WallSource {
  const parts = seed.split(',');
  if (parts[0] === SEEDED_SCHEME && parts.length === 2 && /^\d+$/.test(parts[1]!)) return { kind: 'seeded', seed: Number(parts[1]) };
  if (parts[0] === COMMITTED_SCHEME && (parts.length === 2 || parts.length === 3) && /^[0-9a-f]{64}$/.test(parts[1]!)) {
    const secret = parts[2] ?? null;
    if (secret === null || isWallSecret(secret)) return { kind: 'committed', commitment: parts[1]!, secret };
  }
  return { kind: 'unknown' };
}

/** The wall a record's seed deals for hand `hand`, or null when the seed does not say (not ours, secret not revealed). */
export function wallOfSource(src: WallSource, hand: number): Wall | null {
  if (src.kind === 'seeded') return shuffledWall(handSeed(src.seed, hand));
  if (src.kind === 'committed' && src.secret) return secretWall(src.secret, hand);
  return null;
}
