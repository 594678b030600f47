/**
 * The measured tables of the strong AI's push or fold (mahjong/src/engine/ai/strong/push-fold.ts),
 * read again from play: `strong` against itself (or one `strong` against three `strong-v1` with
 * --vs-v1), every own discard made outside riichi recorded with the hand's shanten after it, its
 * acceptance, the turns left, the threats on the table and the estimated han, then labelled with
 * how the hand ended. Prints
 *   - the win chance with a threat on the table (hands that keep their best shanten), in
 *     push-fold.ts's WIN layout: [open threats only | a riichi][shanten 0–2][acceptance bucket][turns bucket];
 *   - what wins paid by estimated han, closed and open, with and without a threat;
 *   - the deal-in chance of the tile thrown (a hand's last discard, when it dealt in) against the
 *     shape count (danger.ts) with one riichi on the table.
 * It also serves to check the tables after a change of policy (the tables come from the AI's own
 * later choices).
 *
 * Run: bun bench/mahjong-strong-tables.ts [--games 1500] [--seed 50001] [--vs-v1]
 */
import { StrongAgent, StrongV1Agent } from '../mahjong/src/engine/ai';
import type { Agent } from '../mahjong/src/engine/ai/types';
import { dealInChance } from '../mahjong/src/engine/ai/strong/danger';
import { readTable } from '../mahjong/src/engine/ai/strong/table';
import { estimateHan } from '../mahjong/src/engine/ai/strong/value';
import type { StateView } from '../mahjong/src/engine/game';
import { shanten } from '../mahjong/src/engine/shanten';
import { playGame } from '../mahjong/src/engine/sim/play';
import { kindOfDiscard } from '../mahjong/src/engine/table/actions';
import { ukeire } from '../mahjong/src/engine/ukeire';
import { arg } from './cli-args';

const games = Number(arg('games', '1500'));
const seed = Number(arg('seed', '50001'));
const vsV1 = process.argv.includes('--vs-v1');

interface Row {
  hand: number; seat: number; sh: number; best: number; accept: number; turns: number;
  riichis: number; threats: number; open: boolean; han: number; d: number;
  last?: boolean; won?: boolean; paid?: number; dealt?: boolean;
}
const rows: Row[] = [];

/** Wraps a strong seat: records each own discard outside riichi. */
function recorder(seat: number, out: Row[]): Agent {
  const ai = new StrongAgent();
  return {
    name: 'strong',
    decide(view: StateView): number {
      const action = ai.decide(view);
      const me = view.players[seat]!;
      if (action < 37 && !view.riichi_stage2 && !me.riichi && Array.isArray(me.hand) && me.hand.length % 3 === 2) {
        const t = readTable(view);
        const kind = kindOfDiscard(action);
        const c = t.counts.slice();
        c[kind]! -= 1;
        let d = 0;
        for (const th of t.threats) if (th.riichi) d += dealInChance(kind, th, t.visible);
        out.push({
          hand: view.game.hand_index, seat, sh: shanten(c, t.meldCount), best: shanten(t.counts, t.meldCount),
          accept: ukeire(c, t.meldCount, t.seen).total, turns: t.tilesLeft / 4, riichis: t.threats.filter((x) => x.riichi).length,
          threats: t.threats.length, open: t.me.melds.some((m) => m.type !== 'ankan'), han: estimateHan(t, c), d,
        });
      }
      return action;
    },
  };
}

for (let g = 0; g < games; g++) {
  const mine = g % 4;
  const cur: Row[] = [];
  const agents = [0, 1, 2, 3].map((s) => (vsV1 && s !== mine ? new StrongV1Agent() : recorder(s, cur)));
  const game = playGame(agents, { seed: seed + (vsV1 ? Math.floor(g / 4) : g), maxRound: 1 });
  const last = new Map<string, Row>();
  for (const r of cur) last.set(`${r.hand}:${r.seat}`, r);
  for (const r of last.values()) r.last = true;
  for (const r of cur) {
    const e = game.log[r.hand]!;
    r.won = e.result_type === 'agari' && e.winners.includes(r.seat);
    r.paid = r.won ? e.score_delta[r.seat]! : 0;
    r.dealt = !!r.last && e.losers.includes(r.seat);
  }
  rows.push(...cur);
}

const acceptBucket = (sh: number, a: number) => sh === 0 ? (a <= 2 ? 0 : a <= 4 ? 1 : a <= 6 ? 2 : a <= 8 ? 3 : 4) : (a < 10 ? 0 : a < 20 ? 1 : a < 30 ? 2 : a < 45 ? 3 : 4);
const turnsBucket = (turns: number) => (turns >= 12 ? 3 : turns >= 8 ? 2 : turns >= 4 ? 1 : 0);
console.log(`${rows.length} discards from ${games} hanchan (${vsV1 ? 'one strong against three strong-v1' : 'strong against itself'}, seed ${seed})\n`);

console.log('Win chance with a threat on the table (hands at their best shanten; cells under 40 discards: -):');
for (let riichi = 0; riichi < 2; riichi++) for (let sh = 0; sh < 3; sh++) {
  const n = new Array(20).fill(0), w = new Array(20).fill(0);
  for (const r of rows) {
    if (r.threats === 0 || r.sh !== r.best || r.sh !== sh || (r.riichis > 0 ? 1 : 0) !== riichi) continue;
    const i = acceptBucket(sh, r.accept) * 4 + turnsBucket(r.turns);
    n[i]++;
    if (r.won) w[i]++;
  }
  const cells = n.map((x, i) => (x >= 40 ? (w[i] / x).toFixed(3) : '-'));
  console.log(`  ${riichi ? 'riichi' : 'open threats only'}, ${sh} shanten: ${cells.join(', ')}`);
}

console.log('\nWhat wins paid by estimated han (0–1 shanten when recorded):');
const paid = new Map<string, { n: number; w: number; pts: number }>();
for (const r of rows) {
  if (r.sh !== r.best || r.sh > 1) continue;
  const key = `${r.threats > 0 ? 'threat' : 'quiet '} ${r.open ? 'open  ' : 'closed'} han ${Math.round(r.han)}`;
  const a = paid.get(key) ?? { n: 0, w: 0, pts: 0 };
  a.n++;
  if (r.won) { a.w++; a.pts += r.paid!; }
  paid.set(key, a);
}
for (const [key, a] of [...paid].sort()) if (a.w >= 50) console.log(`  ${key}: ${a.n} discards, win ${(a.w / a.n).toFixed(3)}, paid ${(a.pts / a.w).toFixed(0)}`);

console.log('\nDeal-in of the tile thrown against its shape count, one riichi on the table:');
const edges = [0, 0.02, 0.04, 0.07, 0.1, 1];
for (let b = 0; b < edges.length; b++) {
  let n = 0, p = 0, y = 0;
  for (const r of rows) {
    if (r.riichis !== 1) continue;
    const inBucket = b === 0 ? r.d === 0 : r.d > 0 && r.d >= edges[b - 1]! && r.d < edges[b]!;
    if (!inBucket) continue;
    n++; p += r.d; y += r.dealt ? 1 : 0;
  }
  if (n > 0) console.log(`  ${b === 0 ? 'count 0 (genbutsu)' : `count ${edges[b - 1]! * 100}–${edges[b]! * 100} %`}: ${n} discards, count ${(p / n).toFixed(4)}, dealt in ${(y / n).toFixed(4)}`);
}
