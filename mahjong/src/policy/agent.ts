import { HeuristicAgent, type Agent } from '../engine/ai';
import type { StateView } from '../engine/game';
import { discardFeatures, type DiscardContext } from './features';
import { score, type PolicyFile } from './model';

const WIND = { E: 0, S: 1, W: 2, N: 3, East: 0, South: 1, West: 2, North: 3 } as Record<string, number>;

/** What the discarding seat knows, read from its own state view. */
export function contextFromView(view: StateView): DiscardContext {
  const me = view.players[view.viewer ?? view.turn]!;
  const seen = new Array<number>(34).fill(0);
  for (const p of view.players) {
    for (const r of p.river) if (!r.called) seen[r.tile >> 2]! += 1;
    for (const m of p.melds) for (const id of m.tiles) seen[id >> 2]! += 1;
  }
  for (const d of view.dora) seen[d >> 2]! += 1;
  return {
    hand: Array.isArray(me.hand) ? me.hand : [],
    meldCount: me.melds.length,
    seen,
    doraIndicators: view.dora,
    seatWind: WIND[me.wind] ?? 0,
    roundWind: WIND[view.round_wind] ?? 0,
    threatRivers: view.players.filter((p) => p.seat !== me.seat && p.riichi).map((p) => p.river.map((r) => r.tile >> 2)),
    drawn: me.drawn,
  };
}

/**
 * Discards with the network; every other decision (wins, riichi confirm, calls, kans, folding
 * is learned only through the discard) is the heuristic's.
 */
export class PolicyAgent implements Agent {
  readonly name: string;
  private readonly fallback = new HeuristicAgent();
  constructor(private readonly policy: PolicyFile) {
    this.name = policy.name ?? 'policy';
  }

  decide(view: StateView): number {
    const discards = view.valid_actions.filter((a) => a <= 36);
    if (view.riichi_stage2 || discards.length === 0 || view.valid_actions.includes(50)) return this.fallback.decide(view);
    if (discards.length === 1) return discards[0]!;
    const rows = discardFeatures(contextFromView(view), discards);
    let best = 0, bestScore = -Infinity;
    rows.forEach((x, i) => {
      const s = score(this.policy, x);
      if (s > bestScore) { bestScore = s; best = i; }
    });
    return discards[best]!;
  }
}
