/**
 * Where `strong` gains or loses points against its frozen copy, situation by situation: one `strong`
 * (options as JSON) against three `strong-v1` on the arena's duplicate schedule; every hand of every
 * seat is filed in several partitions (dealer or not and how the hand ended; value of its wins;
 * what it dealt into — riichi, open or dama, by price; its shanten at its first turn after an
 * opponent's riichi; riichi first or chasing; the draw, tenpai or noten; the hand's place in the game),
 * and each cell printed as share of hands and points per hand for `strong` and for a `strong-v1`
 * seat, with the difference (strong − v1) in points per hand: the partitions' differences each sum
 * to the whole gap, so the largest cells show where the place is won or lost (mahjong/README.md,
 * "Sixth strength round").
 *
 * Run: taskset -c 1 bun bench/mahjong-strength-gap.ts [--walls 500] [--seed 95001] [--opts '{}']
 */
import { StrongAgent, StrongV1Agent } from '../mahjong/src/engine/ai';
import type { Agent } from '../mahjong/src/engine/ai/types';
import { shanten } from '../mahjong/src/engine/shanten';
import { playGame } from '../mahjong/src/engine/sim/play';
import { arg } from './cli-args';
import { onOwnTurns } from './own-turns';

const walls = Number(arg('walls', '500'));
const seed = Number(arg('seed', '95001'));
const opts = JSON.parse(arg('opts', '{}'));

/** A seat's state in one hand, as its own turns saw it. */
interface Seen { dealer: boolean; riichi: boolean; open: boolean; sh: number; facing: number; chase: boolean | null }
const fresh = (): Seen => ({ dealer: false, riichi: false, open: false, sh: 9, facing: -1, chase: null });

type Who = 'strong' | 'v1';
const cells = new Map<string, Record<Who, { n: number; pts: number }>>();
const hands: Record<Who, number> = { strong: 0, v1: 0 };
const places: Record<Who, number[]> = { strong: [0, 0, 0, 0, 0], v1: [0, 0, 0, 0, 0] };
function add(group: string, key: string, who: Who, pts: number): void {
  const k = `${group}\t${key}`;
  const c = cells.get(k) ?? { strong: { n: 0, pts: 0 }, v1: { n: 0, pts: 0 } };
  c[who].n++;
  c[who].pts += pts;
  cells.set(k, c);
}

function watched(ai: Agent, seat: number, seen: Seen[]): Agent {
  return onOwnTurns(ai, seat, (view, me, t) => {
    const s = (seen[view.game.hand_index] ??= fresh());
    s.dealer = me.is_oya;
    s.riichi = me.riichi;
    s.open = me.melds.some((m) => m.type !== 'ankan');
    s.sh = shanten(t.counts, t.meldCount);
    const riichiOut = view.players.some((p) => p.seat !== seat && p.riichi);
    if (riichiOut && s.facing < 0 && !me.riichi) s.facing = Math.min(3, s.sh);
    if (me.riichi && s.chase === null) s.chase = riichiOut;
  });
}

const bucket = (p: number, edges: number[]) => { let i = 0; while (i < edges.length && p >= edges[i]!) i++; return i === 0 ? `< ${edges[0]}` : i === edges.length ? `${edges[i - 1]}+` : `${edges[i - 1]}–${edges[i]! - 1}`; };

for (let w = 0; w < walls; w++) for (let r = 0; r < 4; r++) {
  const seen: Seen[][] = [[], [], [], []];
  const agents = [0, 1, 2, 3].map((s) => watched(s === r ? new StrongAgent('strong', opts) : new StrongV1Agent(), s, seen[s]!));
  const game = playGame(agents, { seed: seed + w, maxRound: 1 });
  const last = game.log.length - 1;
  for (const e of game.log) for (let s = 0; s < 4; s++) {
    const who: Who = s === r ? 'strong' : 'v1';
    hands[who]++;
    const me = seen[s]![e.index] ?? fresh();
    const pts = e.score_delta[s]!;
    const state = me.riichi ? 'riichi' : me.open ? 'open' : 'closed';
    const agari = e.result_type === 'agari';
    const won = agari && e.winners.includes(s);
    const dealt = agari && e.losers.includes(s);
    const draw = !agari;
    const outcome = won ? 'won' : dealt ? 'dealt in' : agari ? (e.losers.length === 0 ? 'tsumo by another' : 'another seat ron') : pts >= 0 ? 'draw, tenpai or even' : 'draw, paid';
    add('1 role × outcome', `${me.dealer ? 'dealer' : 'non-dealer'}, ${outcome}`, who, pts);
    if (won) add('2 own wins by points received', `${state}, ${bucket(pts, [2000, 4000, 8000, 12000])}`, who, pts);
    else add('2 own wins by points received', 'not won', who, pts);
    if (dealt) {
      const winner = e.winners.find((q) => seen[q]![e.index]) ?? e.winners[0]!;
      const ws = seen[winner]![e.index] ?? fresh();
      add('3 deal-ins by the winner and the price', `to ${ws.riichi ? 'riichi' : ws.open ? 'open' : 'dama'}, ${bucket(-pts, [2600, 5200, 8000, 12000])}`, who, pts);
      add('3b deal-ins by own state at the last turn', `own ${state}, ${Math.min(3, me.sh)} shanten, winner ${ws.riichi ? 'riichi' : ws.open ? 'open' : 'dama'}`, who, pts);
    } else {
      add('3 deal-ins by the winner and the price', 'no deal-in', who, pts);
      add('3b deal-ins by own state at the last turn', 'no deal-in', who, pts);
    }
    add('4 first own turn facing a riichi', me.facing < 0 ? 'never faced one (or riichi first)' : `${me.facing} shanten: ${won ? 'won' : dealt ? 'dealt in' : draw ? (pts >= 0 ? 'draw +' : 'draw −') : 'other'}`, who, pts);
    add('5 own riichi', me.chase === null ? 'no riichi' : me.chase ? `chasing: ${won ? 'won' : dealt ? 'dealt in' : 'other'}` : `first: ${won ? 'won' : dealt ? 'dealt in' : 'other'}`, who, pts);
    add('6 hand in the game', e.index === last ? 'last hand' : e.round >= 6 ? 'South 3–4 (not last)' : e.round >= 4 ? 'South 1–2' : 'East', who, pts);
    if (draw && e.result_type === 'exhaustive') add('7 exhaustive draws', `${state}, ${pts > 0 ? 'tenpai +' : pts < 0 ? 'noten −' : 'even'}`, who, pts);
    else add('7 exhaustive draws', 'not an exhaustive draw', who, pts);
  }
  const scores = game.stateView(null).players.map((p) => p.score);
  for (let s = 0; s < 4; s++) places[s === r ? 'strong' : 'v1'][1 + scores.filter((x, j) => x > scores[s]! || (x === scores[s] && j < s)).length]! += 1;
}

console.log(`one strong ${JSON.stringify(opts)} against three strong-v1, ${walls} walls × 4 seats from seed ${seed}; points per hand of a seat`);
for (const who of ['strong', 'v1'] as const) {
  const p = places[who];
  const n = p.reduce((a, x) => a + x, 0);
  console.log(`${who}: avg place ${(p.reduce((a, x, i) => a + x * i, 0) / n).toFixed(3)}, 1st–4th ${p.slice(1).map((x) => ((100 * x) / n).toFixed(1)).join(' / ')} %`);
}
let group = '';
for (const k of [...cells.keys()].sort()) {
  const [g, key] = k.split('\t') as [string, string];
  if (g !== group) { group = g; console.log(`\n${g.padEnd(52)} strong: share  per hand   v1: share  per hand   diff`); }
  const c = cells.get(k)!;
  const ph = (x: Who) => c[x].pts / hands[x];
  const sh = (x: Who) => (100 * c[x].n) / hands[x];
  console.log(`  ${key.padEnd(50)} ${sh('strong').toFixed(2).padStart(6)} % ${ph('strong').toFixed(1).padStart(8)}   ${sh('v1').toFixed(2).padStart(6)} % ${ph('v1').toFixed(1).padStart(8)}   ${(ph('strong') - ph('v1')).toFixed(1).padStart(6)}`);
}
