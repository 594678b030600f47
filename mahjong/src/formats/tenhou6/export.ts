/**
 * Paipu → tenhou.net/6 JSON: `{title, name, rule, log: [kyoku…], sc}`. Each kyoku is
 * `[[round, honba, sticks], scores, dora, ura, hai0, take0, dahai0, … hai3, take3, dahai3, result]`.
 * Calls are strings with a letter before the called tile whose place tells the source seat
 * (`c` chi; `p` pon and `m` daiminkan at the front from the left, in the middle from across, at the
 * end from the right; `k` kakan before the added tile; `a` ankan before the fourth tile);
 * a riichi discard is `r` + tile; a daiminkan leaves a 0 in the discard list.
 */
import type { AgariEvent, Meld, Paipu, Round } from '../../engine/paipu/types';
import { T6_DRAW_NAME, T6_LIMITS, T6_YAKU, TSUMOGIRI, t6OfId } from './tiles';

export interface Tenhou6Log {
  title: string[];
  name: string[];
  rule: { disp: string; aka: number; aka51: number; aka52: number; aka53: number };
  log: unknown[][];
  sc?: number[];
  rate?: number[];
  sx?: string[];
  /**
   * Not in Tenhou's own JSON: a custom lobby's number (and its GO `csrule`), kept so that `verify`
   * still reports the converted log's final points as not checked (custom rules) rather than
   * checking them against the ranked rules. Written only when the lobby is not 0.
   */
  lobby?: number;
  csrule?: string;
}

import { parseWallSeed } from '../../engine/table/secure-wall';

const code = (id: number) => String(t6OfId(id)).padStart(2, '0');
const up100 = (x: number) => Math.ceil(x / 100) * 100;

export function ruleDisp(type: number): string {
  const level = (type & 0xa0) === 0xa0 ? '鳳' : type & 0x20 ? '特' : type & 0x80 ? '上' : '般';
  return `${level}${type & 0x08 ? '南' : '東'}${type & 0x04 ? '' : '喰'}${type & 0x02 ? '' : '赤'}${type & 0x40 ? '速' : ''}`;
}

/** The call string of a meld (relative source: 1 right, 2 across, 3 left). */
export function meldString(meld: Meld, owner: number): string {
  const rel = (meld.from - owner + 4) % 4;
  const own = (except: (number | null)[]) => meld.tiles.filter((t) => !except.includes(t)).map(code);
  if (meld.type === 'chi') return `c${code(meld.called!)}${own([meld.called]).join('')}`;
  if (meld.type === 'ankan') { const t = meld.tiles.map(code); return `${t.slice(0, 3).join('')}a${t[3]}`; }
  const marked = meld.type === 'kakan' ? `k${code(meld.added!)}${code(meld.called!)}` : `${meld.type === 'pon' ? 'p' : 'm'}${code(meld.called!)}`;
  const rest = own([meld.called, meld.added]);
  const at = rel === 3 ? 0 : rel === 2 ? 1 : rest.length;
  return [...rest.slice(0, at), marked, ...rest.slice(at)].join('');
}

function agariInfo(e: AgariEvent, oya: number): unknown[] {
  const han = e.yaku.reduce((n, y) => n + y.han, 0);
  const a = e.limit === 0 ? e.fu * 2 ** (han + 2) : [0, 2000, 3000, 4000, 6000, 8000][e.limit]! * (e.limit === 5 ? Math.max(1, e.yakuman.length) : 1);
  const label = e.limit > 0 ? T6_LIMITS[e.limit] : `${e.fu}符${han}飜`;
  let pts: string;
  if (e.who !== e.fromWho) pts = `${label}${e.points}点`;
  else if (e.who === oya) pts = `${label}${up100(2 * a)}点∀`;
  else pts = `${label}${up100(a)}-${up100(2 * a)}点`;
  const yaku = e.yakuman.length > 0
    ? e.yakuman.map((id) => `${T6_YAKU[id] ?? id}(役満)`)
    : e.yaku.map((y) => `${T6_YAKU[y.id] ?? y.id}(${y.han}飜)`);
  return [e.who, e.fromWho, e.paoWho ?? e.who, pts, ...yaku];
}

function kyoku(r: Round): unknown[] {
  const take: unknown[][] = [[], [], [], []];
  const dahai: unknown[][] = [[], [], [], []];
  const dora = [t6OfId(r.doraIndicator)];
  let ura: number[] = [];
  const riichi = [false, false, false, false];
  const result: unknown[] = [];
  for (const e of r.events) {
    switch (e.t) {
      case 'draw': take[e.who]!.push(t6OfId(e.tile)); break;
      case 'discard': {
        const n = e.tsumogiri ? TSUMOGIRI : t6OfId(e.tile);
        dahai[e.who]!.push(riichi[e.who] ? `r${String(n).padStart(2, '0')}` : n);
        riichi[e.who] = false;
        break;
      }
      case 'riichi': if (e.step === 1) riichi[e.who] = true; break;
      case 'dora': dora.push(t6OfId(e.tile)); break;
      case 'call': {
        const s = meldString(e.meld, e.who);
        if (e.meld.type === 'kakan' || e.meld.type === 'ankan') dahai[e.who]!.push(s);
        else {
          take[e.who]!.push(s);
          if (e.meld.type === 'daiminkan') dahai[e.who]!.push(0);
        }
        break;
      }
      case 'agari':
        if (result.length === 0) result.push('和了');
        if (ura.length === 0) ura = e.uraIndicators.map(t6OfId);
        result.push(e.deltas, agariInfo(e, r.oya));
        break;
      case 'ryuukyoku':
        result.push(T6_DRAW_NAME[e.kind] ?? '流局', e.deltas);
        break;
      default: break;
    }
  }
  const seats = [0, 1, 2, 3].flatMap((s) => [r.hands[s]!.map(t6OfId), take[s], dahai[s]]);
  return [[r.round, r.honba, r.kyotaku], r.scores, dora, ura, ...seats, result];
}

/**
 * A game this engine dealt is labelled as what it is: a local game (not a Tenhou lobby) with its
 * real rules, and in `title[1]` how its walls were made, with the record's seed in brackets
 * (read back by the parser, so `verify` checks the walls of an exported game too).
 */
function localLabel(p: Paipu): { title: string[]; disp: string } | null {
  const src = parseWallSeed(p.seed);
  if (src.kind === 'unknown') return null;
  const rules = `${p.rules.eastSouth ? '南' : '東'}${p.rules.openTanyao ? '喰' : ''}${p.rules.redFives ? '赤' : ''}`;
  const how = src.kind === 'seeded' ? `seeded practice game, seed ${src.seed}, not rated`
    : src.secret ? 'walls from a secret, revealed' : 'walls committed, secret not revealed yet';
  return { title: ['Local game (devhub mahjong), not a Tenhou lobby', `${how} (${p.seed})`], disp: `ローカル${rules}` };
}

/** The seed a tenhou.net/6 title names (see localLabel), or ''. */
export function seedOfTitle(title: unknown): string {
  const line = Array.isArray(title) && typeof title[1] === 'string' ? title[1] : '';
  return /\((devhub-v[12],[0-9a-f,]+)\)\s*$/.exec(line)?.[1] ?? '';
}

export function exportTenhou6(p: Paipu): Tenhou6Log {
  const local = localLabel(p);
  const red = p.rules.redFives ? 1 : 0;
  const out: Tenhou6Log = {
    title: local?.title ?? ['', ''],
    name: p.players.map((x) => x.name),
    // Red fives as Tenhou's own JSON (aka51/52/53) and as other tools write them (aka).
    rule: { disp: local?.disp ?? ruleDisp(p.type), aka: red, aka51: red, aka52: red, aka53: red },
    log: p.rounds.map(kyoku),
  };
  // As Tenhou's own JSON (mjlog2json): final scores in points, each followed by its final points.
  if (p.owari) out.sc = p.owari.scores.flatMap((s, i) => [s, p.owari!.points[i]!]);
  if (p.lobby !== 0) out.lobby = p.lobby;
  if (p.lobby !== 0 && p.csrule !== undefined) out.csrule = p.csrule;
  return out;
}
