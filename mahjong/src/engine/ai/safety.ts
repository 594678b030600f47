/**
 * Defence against riichi, in the order the issue asks for (structure as in tenhou-python-bot's
 * defence modules): genbutsu (the riichi player's own discards) > suji (1-4-7, 2-5-8, 3-6-9
 * lines) > kabe (a neighbour fully visible) > honours (safer the more copies are visible) >
 * terminals > anything else. Higher = safer.
 */
import type { PlayerView } from '../game/view-schema';

export function riverKinds(p: PlayerView): Set<number> {
  return new Set(p.river.map((r) => r.tile >> 2));
}

/** Per kind, 1 when it is in the player's river (what riverKinds holds, for a loop over many tiles). */
export function riverFlags(p: PlayerView, out: Uint8Array): Uint8Array {
  out.fill(0);
  const river = p.river;
  for (let i = 0; i < river.length; i++) out[river[i]!.tile >> 2] = 1;
  return out;
}

function sujiSafe(kind: number, river: ArrayLike<number>): boolean {
  if (kind >= 27) return false;
  const n = kind % 9;
  const lo = n >= 3 ? river[kind - 3] === 1 : true;
  const hi = n <= 5 ? river[kind + 3] === 1 : true;
  if (n <= 2) return hi;
  if (n >= 6) return lo;
  return lo && hi;
}

function kabe(kind: number, visible: number[]): boolean {
  if (kind >= 27) return false;
  const n = kind % 9;
  // A tile next to a fully visible neighbour cannot complete a ryanmen through that side.
  return (n >= 1 && visible[kind - 1]! >= 4) || (n <= 7 && visible[kind + 1]! >= 4);
}

/** Safety 0–100 of discarding `kind` against one riichi player. */
export function safetyAgainst(kind: number, threat: PlayerView, visible: number[]): number {
  return safetyFromRiver(kind, riverFlags(threat, new Uint8Array(34)), visible);
}

/** safetyAgainst with the riichi player's river as riverFlags gives it. */
export function safetyFromRiver(kind: number, river: ArrayLike<number>, visible: number[]): number {
  if (river[kind] === 1) return 100;
  if (sujiSafe(kind, river)) return kind % 9 === 0 || kind % 9 === 8 ? 85 : 80;
  if (kabe(kind, visible)) return 60;
  if (kind >= 27) return 40 + 5 * Math.min(3, visible[kind]!);
  if (kind % 9 === 0 || kind % 9 === 8) return 35;
  return 10;
}
