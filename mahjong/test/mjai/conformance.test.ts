import { describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { StrongAgent } from '../../src/engine/ai';
import { MjaiEvent, mjaiEvents } from '../../src/formats/mjai';
import { playGame } from '../../src/engine/sim/play';
import { playWithBots } from '../../src/mjai/table';
import { mjaiLog } from '../../src/mjai/translate';
import type { BotTransport } from '../../src/mjai/transport';

/** The exporter writes a kan's dora after the replacement draw; live seats get it first (mjai.app's order). */
function withKanDoraFirst(events: Record<string, unknown>[]): Record<string, unknown>[] {
  const out = events.slice();
  for (let i = 1; i < out.length; i++) if (out[i]!.type === 'dora' && out[i - 1]!.type === 'tsumo') [out[i - 1], out[i]] = [out[i]!, out[i - 1]!];
  return out;
}

/** An in-process bot that records what it is sent and discards what it draws. */
class RecordingBot implements BotTransport {
  readonly label = 'recording bot';
  readonly got: Record<string, unknown>[] = [];
  private me = -1;
  async exchange(line: string): Promise<string> {
    const ev = JSON.parse(line);
    this.got.push(ev);
    if (ev.type === 'start_game') this.me = ev.id;
    if (ev.type === 'tsumo' && ev.actor === this.me) return JSON.stringify({ type: 'dahai', actor: this.me, pai: ev.pai, tsumogiri: true });
    return '{"type":"none"}';
  }
  async close(): Promise<void> {}
}

describe('mjai conformance: each seat sees exactly what the protocol gives it', () => {
  it('live events per seat equal the seat-masked log of the finished game; hidden tiles are ?', async () => {
    const bots = [new RecordingBot(), new RecordingBot()];
    const { game, replaced } = await playWithBots([
      { bot: bots[0]!, fallback: new StrongAgent() }, { agent: new StrongAgent() },
      { bot: bots[1]!, fallback: new StrongAgent() }, { agent: new StrongAgent() },
    ], { seed: 21, maxRound: 1 });
    expect(replaced).toEqual([]);
    // The rules side's mjai log export of the finished game, replayed event by event below.
    const exported = withKanDoraFirst(mjaiEvents(game.toPaipu()) as unknown as Record<string, unknown>[]);
    expect(mjaiLog(game, null) as unknown).toEqual(exported);
    const full = exported;
    expect(JSON.stringify(full)).not.toContain('"?"');
    // Red fives are written 5mr / 5pr / 5sr somewhere in a whole hanchan.
    expect(JSON.stringify(full)).toMatch(/"5[mps]r"/);
    for (const [i, seat] of [[0, 0], [1, 2]] as const) {
      const got = bots[i]!.got;
      for (const ev of got) expect(Value.Check(MjaiEvent, ev)).toBe(true);
      expect(got[0]).toEqual({ type: 'start_game', names: game.names, tenhou_rule: 0xa9, id: seat });
      expect(got.at(-1)).toMatchObject({ type: 'end_game', scores: game.owari!.scores });
      // Event by event against the full log: the same events, with exactly the other seats' draws and hands hidden.
      expect(got).toHaveLength(full.length);
      got.forEach((ev, n) => {
        const open = full[n] as Record<string, unknown>;
        if (ev.type === 'start_game') { expect({ ...ev, id: undefined }).toEqual({ ...open, id: undefined }); return; }
        if (ev.type === 'start_kyoku') {
          const tehais = ev.tehais as string[][];
          tehais.forEach((h, s) => expect(h).toEqual(s === seat ? (open.tehais as string[][])[s]! : Array(13).fill('?')));
          expect({ ...ev, tehais: null }).toEqual({ ...open, tehais: null });
        } else if (ev.type === 'tsumo') {
          expect(ev.pai).toBe(ev.actor === seat ? open.pai : '?');
          expect(ev.actor).toBe(open.actor);
        } else expect(ev).toEqual(open);
      });
      const kinds = new Set(got.map((e) => e.type));
      for (const k of ['start_kyoku', 'tsumo', 'dahai', 'end_kyoku', 'end_game']) expect(kinds.has(k)).toBe(true);
    }
    // Hands and results in order: every start_kyoku is closed by end_kyoku after a hora or ryukyoku.
    const seq = bots[0]!.got.map((e) => e.type).filter((x) => ['start_kyoku', 'hora', 'ryukyoku', 'end_kyoku'].includes(x as string));
    expect(`${seq.join(' ')} `).toMatch(/^(start_kyoku (hora |ryukyoku )+end_kyoku )+$/);
  }, 60_000);

  it('a kan sends its new dora before the replacement draw; calls carry the tiles they use', () => {
    const kans: string[] = [];
    for (let seed = 1; seed < 80 && kans.length < 3; seed++) {
      const game = playGame([0, 1, 2, 3].map(() => new StrongAgent()), { seed, maxRound: 0 });
      const log = mjaiLog(game, null) as unknown as Record<string, unknown>[];
      log.forEach((ev, n) => {
        if (ev.type === 'chi' || ev.type === 'pon') {
          const tiles = [ev.pai as string, ...(ev.consumed as string[])].map((x) => x.replace('r', ''));
          if (ev.type === 'pon') expect(new Set(tiles).size).toBe(1);
          else expect(tiles.map((x) => x[1]).every((x) => x === tiles[0]![1])).toBe(true);
        }
        if (ev.type === 'ankan' || ev.type === 'kakan' || ev.type === 'daiminkan') {
          kans.push(ev.type);
          const next = log.slice(n + 1, n + 3).map((e) => e.type);
          // A kan that is robbed (chankan) ends the hand instead.
          if (next[0] === 'hora') return;
          expect(next).toEqual(['dora', 'tsumo']);
          expect(log[n + 2]!.actor).toBe(ev.actor);
        }
      });
    }
    expect(kans.length).toBeGreaterThan(0);
  }, 60_000);
});
