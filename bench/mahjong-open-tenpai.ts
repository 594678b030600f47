/**
 * How often an opponent not in riichi is tenpai, by what its river and melds show (one `strong`
 * against three `strong-v1`, at every own discard of the `strong` seat, the others' hidden hands
 * read from the full view): open melds, river length, discards since its last call and how many of
 * them came from the hand (tsumogiri false), and the run of tsumogiri that ends its river. Measured
 * for the seventh strength round's tenpai reads of open hands (mahjong/README.md, "Seventh strength round").
 *
 * Run: taskset -c 1 bun bench/mahjong-open-tenpai.ts [--games 400] [--seed 140001]
 */
import { StrongAgent, StrongV1Agent } from '../mahjong/src/engine/ai';
import { Game, type StateView } from '../mahjong/src/engine/game';
import { arg } from './cli-args';

const games = Number(arg('games', '400'));
const seed = Number(arg('seed', '140001'));

const stats = new Map<string, { n: number; tenpai: number }>();
function add(key: string, tenpai: boolean): void {
  const e = stats.get(key) ?? { n: 0, tenpai: 0 };
  e.n++;
  if (tenpai) e.tenpai++;
  stats.set(key, e);
}

type Seat = StateView['players'][number];

/**
 * A seat's discards since its last call, and how many of them came from its hand (tsumogiri
 * false; the discard a call makes is one of them). Rivers have no shared clock: a discard's time
 * is taken as 4 × its index + its seat's place after the dealer, so calls that skipped turns can
 * shift the count by one.
 */
function sinceLastCall(view: StateView, p: Seat): { discards: number; fromHand: number } {
  const players = view.players;
  const rel = (s: number) => (s - view.oya + 4) & 3;
  let last = -1;
  for (let m = 0; m < p.melds.length; m++) {
    const meld = p.melds[m]!;
    if (meld.type === 'ankan' || meld.called === null) continue;
    const river = players[meld.from]?.river;
    if (!river) continue;
    for (let i = river.length - 1; i >= 0; i--) if (river[i]!.tile === meld.called) { const at = 4 * i + rel(meld.from); if (at > last) last = at; break; }
  }
  let discards = 0, fromHand = 0;
  if (last < 0) return { discards, fromHand };
  const r = p.river, me = rel(p.seat);
  for (let j = r.length - 1; j >= 0 && 4 * j + me > last; j--) { discards++; if (!r[j]!.tsumogiri) fromHand++; }
  return { discards, fromHand };
}

function file(full: StateView, p: Seat): void {
  const tenpai = p.waits.length > 0;
  const open = p.melds.filter((m) => m.type !== 'ankan').length;
  const len = p.river.length;
  const lenB = len < 6 ? '0-5' : len < 9 ? '6-8' : len < 12 ? '9-11' : len < 15 ? '12-14' : '15+';
  let trail = 0;
  for (let i = len - 1; i >= 0 && p.river[i]!.tsumogiri; i--) trail++;
  const trailB = trail >= 3 ? '3+' : String(trail);
  if (open === 0) {
    add(`closed  river ${lenB.padEnd(5)} trailing tsumogiri ${trailB}`, tenpai);
    add(`closed  river ${lenB.padEnd(5)}`, tenpai);
    return;
  }
  const since = sinceLastCall(full, p);
  const sinceB = since.discards >= 4 ? '4+' : String(since.discards);
  const tedB = since.fromHand >= 3 ? '3+' : String(since.fromHand);
  add(`open ${Math.min(open, 4)}  river ${lenB.padEnd(5)}`, tenpai);
  add(`open ${Math.min(open, 4)}  since call ${sinceB}, from hand ${tedB}`, tenpai);
  add(`open ${Math.min(open, 4)}  river ${lenB.padEnd(5)} trailing tsumogiri ${trailB}`, tenpai);
}

for (let g = 0; g < games; g++) {
  const strongSeat = g % 4;
  const agents = [0, 1, 2, 3].map((i) => (i === strongSeat ? new StrongAgent('strong') : new StrongV1Agent()));
  const game = new Game({ seed: seed + Math.floor(g / 4), autoNextHand: true, maxRound: 1 });
  for (let steps = 0; !game.isOver() && steps < 200_000; steps++) {
    const seat = game.actor();
    const view = game.stateView(seat, { shallow: true, reuse: true });
    const me = view.players[seat]!;
    if (seat === strongSeat && Array.isArray(me.hand) && me.hand.length % 3 === 2) {
      const full = game.stateView(null);
      for (const p of full.players) if (p.seat !== seat && !p.riichi) file(full, p);
    }
    const r = game.step(seat, agents[seat]!.decide(view));
    if (!r.ok) throw new Error('illegal action');
  }
}
console.log(`tenpai of opponents not in riichi at the strong seat's discards, ${games} hanchan from seed ${seed}`);
for (const k of [...stats.keys()].sort()) {
  const e = stats.get(k)!;
  console.log(`  ${k.padEnd(60)} ${String(e.n).padStart(7)}  ${((100 * e.tenpai) / e.n).toFixed(1).padStart(5)} %`);
}
