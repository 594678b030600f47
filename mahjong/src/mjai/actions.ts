/**
 * A bot's mjai answer as one of the engine's actions (0–53, see the game engine), checked against
 * the seat's legal actions. `reach` is the first half of the engine's riichi: the caller sends the
 * bot its `reach` event and reads the discard that completes it.
 */
import { A } from '../engine/table/actions';
import { type MjaiEvent, parseMjaiTile } from '../formats/mjai';

export type Decision =
  | { ok: true; action: number; tile?: number }
  | { ok: true; reach: true }
  | { ok: false; reason: string };

const RED_DISCARD: Record<number, number> = { 4: 34, 13: 35, 22: 36 };

function tiles(codes: unknown): { kind: number; red: boolean }[] | null {
  if (!Array.isArray(codes)) return null;
  const out = codes.map(parseMjaiTile);
  return out.every((x) => x !== null) ? (out as { kind: number; red: boolean }[]) : null;
}

/**
 * Who answers, and the event that asked: the seat's own `tsumo`, or another seat's `dahai` or
 * `kakan` it may call or win on.
 */
export interface AnswerContext {
  seat: number;
  asked: MjaiEvent | null;
}

/**
 * `answer`: the parsed JSON line; `legal`: the seat's valid actions now; `selfTurn`: the seat acts
 * on its own draw or call (else it answers another seat's tile). Any mismatch is an error value.
 * With `context`, an answer must also be the seat's own and name the tile it answers, as the
 * original mjai server checks (`Invalid actor.`): a `pon` of a tile nobody threw, or a discard
 * in another seat's name, is refused rather than read as whatever is legal now.
 */
export function decisionOf(answer: unknown, legal: readonly number[], selfTurn: boolean, context?: AnswerContext): Decision {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return { ok: false, reason: 'answer is not a JSON object' };
  const a = answer as Record<string, unknown>;
  if (context) {
    const wrong = mismatch(a, selfTurn, context);
    if (wrong) return { ok: false, reason: wrong };
  }
  const ok = (action: number, tile?: number): Decision =>
    legal.includes(action) ? { ok: true, action, ...(tile === undefined ? {} : { tile }) } : { ok: false, reason: `${JSON.stringify(answer)} is not legal now` };
  switch (a.type) {
    case 'none':
      return selfTurn ? { ok: false, reason: '"none" on its own turn (a discard is required)' } : ok(A.SKIP);
    case 'dahai': {
      const t = parseMjaiTile(a.pai);
      if (!t || !selfTurn) return { ok: false, reason: `${JSON.stringify(answer)} is not legal now` };
      return ok(t.red ? RED_DISCARD[t.kind] ?? -1 : t.kind);
    }
    case 'reach':
      return selfTurn && legal.some((x) => x < 37) ? { ok: true, reach: true } : { ok: false, reason: 'reach is not legal now' };
    case 'hora':
      return ok(selfTurn ? A.TSUMO : A.RON);
    case 'ryukyoku':
      return ok(A.KYUUSHU);
    case 'pon': case 'chi': case 'daiminkan': {
      const t = parseMjaiTile(a.pai);
      const used = tiles(a.consumed);
      if (!t || !used || selfTurn) return { ok: false, reason: `${JSON.stringify(answer)} is not legal now` };
      const red = used.some((u) => u.red);
      if (a.type === 'pon') return ok(red ? A.PON_RED : A.PON);
      if (a.type === 'daiminkan') return ok(A.DAIMINKAN);
      const ks = used.map((u) => u.kind).sort((x, y) => x - y);
      const shape = ks[0] === t.kind + 1 && ks[1] === t.kind + 2 ? 0 : ks[0] === t.kind - 1 && ks[1] === t.kind + 1 ? 1 : ks[0] === t.kind - 2 && ks[1] === t.kind - 1 ? 2 : -1;
      if (shape < 0) return { ok: false, reason: `chi ${JSON.stringify(a.consumed)} does not fit ${String(a.pai)}` };
      return ok(A.CHI_LOW + shape + (red ? 3 : 0));
    }
    case 'ankan': case 'kakan': {
      const used = tiles(a.consumed);
      const kind = a.type === 'kakan' ? parseMjaiTile(a.pai)?.kind : used?.[0]?.kind;
      if (kind === undefined || !selfTurn) return { ok: false, reason: `${JSON.stringify(answer)} is not legal now` };
      return ok(a.type === 'ankan' ? A.ANKAN : A.KAKAN, kind * 4);
    }
    default:
      return { ok: false, reason: `unknown answer type ${JSON.stringify(a.type)}` };
  }
}

const CALLS = new Set(['pon', 'chi', 'daiminkan']);

/** Why the answer is not the seat's own or does not name the tile it answers; null when it fits. */
function mismatch(a: Record<string, unknown>, selfTurn: boolean, { seat, asked }: AnswerContext): string | null {
  if (a.type === 'none') return null;
  if (a.actor !== undefined && a.actor !== seat) return 'Invalid actor.';
  const named = (field: 'pai' | 'target', want: unknown) => a[field] !== undefined && a[field] !== want ? `${a.type} names ${field} ${JSON.stringify(a[field])}, not ${JSON.stringify(want)}` : null;
  const ev = asked as { type?: string; actor?: number; pai?: string } | null;
  if (selfTurn) {
    if (a.type === 'dahai') return tsumogiriMismatch(a, seat, ev);
    if (a.type !== 'hora') return null;
    return named('target', seat) ?? (ev?.type === 'tsumo' && ev.actor === seat ? named('pai', ev.pai) : null);
  }
  if (!ev || (ev.type !== 'dahai' && ev.type !== 'kakan') || ev.actor === seat) return null;
  if (a.type !== 'hora' && !(typeof a.type === 'string' && CALLS.has(a.type))) return null;
  const wrong = named('pai', ev.pai) ?? named('target', ev.actor);
  if (wrong || a.type === 'hora' || a.type === 'chi') return wrong;
  // pon and daiminkan: the tiles from the hand are the called tile's kind (two, or three).
  const kind = parseMjaiTile(ev.pai)?.kind;
  const used = tiles(a.consumed);
  const count = a.type === 'pon' ? 2 : 3;
  return used && used.length === count && used.every((u) => u.kind === kind) ? null : `${a.type} consumes ${JSON.stringify(a.consumed)}, not ${count} of ${JSON.stringify(ev.pai)}`;
}

/**
 * A discard's `tsumogiri` as the original server checks it (game.rb validate_response_content),
 * where the event that asked tells: on its own `tsumo`, `true` names the drawn tile; after its own
 * `chi`/`pon` it is `false`. Left out, it is not required.
 */
function tsumogiriMismatch(a: Record<string, unknown>, seat: number, ev: { type?: string; actor?: number; pai?: string } | null): string | null {
  if (a.tsumogiri === undefined) return null;
  if (typeof a.tsumogiri !== 'boolean') return 'tsumogiri must be either true or false.';
  if (!ev || ev.actor !== seat || !a.tsumogiri) return null;
  if (ev.type === 'tsumo' && a.pai !== ev.pai) return `tsumogiri is true but the pai is not tsumo pai: ${String(a.pai)} != ${String(ev.pai)}`;
  if (ev.type === 'chi' || ev.type === 'pon') return 'tsumogiri must be false on dahai after furo.';
  return null;
}
