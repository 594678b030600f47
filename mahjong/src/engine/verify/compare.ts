/** Event equality between what our engine recorded and what a log recorded; null when equal. */
import type { AgariEvent, RoundEvent, RyuukyokuEvent } from '../paipu/types';
import { formatTiles } from '../rules';

const tileName = (id: number): string => formatTiles([id], false);

const list = (xs: readonly number[]) => `[${xs.join(',')}]`;
const eq = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const yakuKey = (e: AgariEvent) => e.yaku.filter((y) => y.han > 0).map((y) => `${y.id}:${y.han}`).sort().join(' ');

function describe(e: RoundEvent): string {
  switch (e.t) {
    case 'draw': return `draw ${tileName(e.tile)} by ${e.who}`;
    case 'discard': return `discard ${tileName(e.tile)} by ${e.who}`;
    case 'call': return `${e.meld.type} [${e.meld.tiles.map(tileName).join(' ')}] by ${e.who}`;
    case 'riichi': return `riichi step ${e.step} by ${e.who}`;
    case 'dora': return `dora indicator ${tileName(e.tile)}`;
    case 'agari': return `agari by ${e.who} from ${e.fromWho}`;
    case 'ryuukyoku': return `ryuukyoku ${e.kind}`;
    default: return e.t;
  }
}

function agariDiff(ours: AgariEvent, log: AgariEvent): string | null {
  const what = `agari of seat ${log.who}`;
  if (ours.fu !== log.fu || ours.points !== log.points || ours.limit !== log.limit)
    return `${what}: engine ${ours.fu} fu ${ours.points} (limit ${ours.limit}), log ${log.fu} fu ${log.points} (limit ${log.limit})`;
  if (yakuKey(ours) !== yakuKey(log)) return `${what}: engine yaku {${yakuKey(ours)}}, log {${yakuKey(log)}}`;
  if ([...ours.yakuman].sort().join() !== [...log.yakuman].sort().join()) return `${what}: engine yakuman ${list(ours.yakuman)}, log ${list(log.yakuman)}`;
  if (!eq(ours.scores, log.scores)) return `${what}: scores before, engine ${list(ours.scores)}, log ${list(log.scores)}`;
  if (!eq(ours.deltas, log.deltas)) return `${what}: score changes, engine ${list(ours.deltas)}, log ${list(log.deltas)}`;
  if (ours.honba !== log.honba || ours.kyotaku !== log.kyotaku) return `${what}: honba/sticks on the record, engine ${ours.honba}/${ours.kyotaku}, log ${log.honba}/${log.kyotaku}`;
  if ((ours.paoWho ?? -1) !== (log.paoWho ?? -1)) return `${what}: pao engine ${ours.paoWho}, log ${log.paoWho}`;
  return null;
}

function ryuukyokuDiff(ours: RyuukyokuEvent, log: RyuukyokuEvent): string | null {
  if (ours.kind !== log.kind) return `draw kind: engine ${ours.kind}, log ${log.kind}`;
  if (!eq(ours.scores, log.scores)) return `${log.kind} draw: scores before, engine ${list(ours.scores)}, log ${list(log.scores)}`;
  if (!eq(ours.deltas, log.deltas)) return `${log.kind} draw: score changes, engine ${list(ours.deltas)}, log ${list(log.deltas)}`;
  {
    const t = (e: RyuukyokuEvent) => e.hands.map((h) => (h ? 1 : 0)).join('');
    if (t(ours) !== t(log)) return `hands shown (tenpai, or the abort's declarers): engine ${t(ours)}, log ${t(log)}`;
  }
  return null;
}

export function sameEvent(ours: RoundEvent, log: RoundEvent): string | null {
  const mismatch = () => `engine recorded ${describe(ours)}, log has ${describe(log)}`;
  if (ours.t !== log.t) return mismatch();
  switch (log.t) {
    case 'draw': case 'discard':
      return ours.t === log.t && ours.who === log.who && ours.tile === log.tile ? null : mismatch();
    case 'riichi': return ours.t === 'riichi' && ours.who === log.who && ours.step === log.step ? null : mismatch();
    case 'dora': return ours.t === 'dora' && ours.tile === log.tile ? null : mismatch();
    case 'call': {
      if (ours.t !== 'call') return mismatch();
      const a = ours.meld;
      const b = log.meld;
      const same = ours.who === log.who && a.type === b.type && eq([...a.tiles].sort((x, y) => x - y), [...b.tiles].sort((x, y) => x - y))
        && (a.type === 'ankan' || (a.called === b.called && a.from === b.from));
      return same ? null : mismatch();
    }
    case 'agari': return ours.t === 'agari' ? (ours.who === log.who && ours.fromWho === log.fromWho ? agariDiff(ours, log) : mismatch()) : mismatch();
    case 'ryuukyoku': return ours.t === 'ryuukyoku' ? ryuukyokuDiff(ours, log) : mismatch();
    default: return null;
  }
}

/** Like sameEvent, but a result matches on who won from whom (agari) or the kind of draw only. */
export function sameAction(ours: RoundEvent, log: RoundEvent): string | null {
  if (log.t === 'agari') return ours.t === 'agari' && ours.who === log.who && ours.fromWho === log.fromWho ? null : `engine recorded ${describe(ours)}, log has ${describe(log)}`;
  // A format that does not name the kind of a draw gives an inferred one: the engine's kind
  // stands, except that nine terminals (a declaration) must match.
  if (log.t === 'ryuukyoku') return ours.t === 'ryuukyoku' && (ours.kind === log.kind || (log.kind !== 'yao9' && ours.kind !== 'yao9')) ? null : `engine recorded ${describe(ours)}, log has ${describe(log)}`;
  return sameEvent(ours, log);
}
