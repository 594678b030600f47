/**
 * An in-process mjai bot for the conformance test: it records every event it is sent and answers
 * with the first offered move of the kinds it likes (src/mjai/possible.ts reads the live game for
 * the seat's options): a win, riichi, a kan, a pon, a chi; otherwise the strong AI's discard.
 * `closed` bots never pon, chi or open-kan, so they reach riichi more often. The discards are the
 * frozen `strong-v1`'s, so the seeded games keep the moves the test needs while `strong` changes.
 */
import { StrongV1Agent } from '../../src/engine/ai';
import type { Game } from '../../src/engine/game/game';
import type { MjaiEvent } from '../../src/formats/mjai';
import { mjaiOfDiscard, possibleActions, reachDiscards } from '../../src/mjai/possible';
import type { BotTransport } from '../../src/mjai/transport';

export type Policy = 'calls' | 'closed';

const LIKED: Record<Policy, string[]> = {
  calls: ['hora', 'reach', 'ankan', 'kakan', 'daiminkan', 'pon', 'chi'],
  closed: ['hora', 'reach', 'ankan'],
};

export class OracleBot implements BotTransport {
  readonly label: string;
  readonly got: Record<string, unknown>[] = [];
  /** What it answered, event by event (the move is the answer to the last event before it is asked). */
  readonly said: MjaiEvent[] = [];
  private me = -1;
  private readonly strong = new StrongV1Agent();

  constructor(private readonly game: () => Game, readonly policy: Policy) {
    this.label = `oracle bot (${policy})`;
  }

  async exchange(line: string): Promise<string> {
    const ev = JSON.parse(line) as Record<string, unknown>;
    this.got.push(ev);
    if (ev.type === 'start_game') this.me = ev.id as number;
    const answer = this.answer(ev);
    this.said.push(answer);
    return JSON.stringify(answer);
  }

  private answer(ev: Record<string, unknown>): MjaiEvent {
    const game = this.game();
    if (ev.type === 'reach' && ev.actor === this.me) {
      // Its own reach came back: name the discard that completes it, as the strong AI would.
      const ok = reachDiscards(game, this.me);
      const pick = this.strong.decide(game.stateView(this.me, { shallow: true }));
      return { type: 'dahai', actor: this.me, pai: mjaiOfDiscard(ok.includes(pick) ? pick : ok[0]!), tsumogiri: false };
    }
    const offered = possibleActions(game, this.me);
    for (const kind of LIKED[this.policy]) {
      const m = offered.find((x) => x.type === kind);
      if (m) return m;
    }
    const discards = offered.filter((x) => x.type === 'dahai');
    if (discards.length === 0) return { type: 'none' };
    const pick = this.strong.decide(game.stateView(this.me, { shallow: true }));
    return pick < 37 ? discards.find((d) => d.pai === mjaiOfDiscard(pick)) ?? discards[0]! : discards[0]!;
  }

  async close(): Promise<void> {}
}
