/**
 * An agent wrapped so a bench can look at each of its own turns (a 3n+2 hand) before it decides:
 * what the strength benches file hands by.
 */
import type { Agent } from '../mahjong/src/engine/ai/types';
import { readTable, type Table } from '../mahjong/src/engine/ai/strong/table';
import type { StateView } from '../mahjong/src/engine/game';

type Seat = StateView['players'][number];

export function onOwnTurns(ai: Agent, seat: number, look: (view: StateView, me: Seat, table: Table) => void): Agent {
  return {
    name: ai.name,
    decide(view: StateView): number {
      const me = view.players[seat]!;
      if (Array.isArray(me.hand) && me.hand.length % 3 === 2) look(view, me, readTable(view));
      return ai.decide(view);
    },
  };
}
