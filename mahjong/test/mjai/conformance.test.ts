import { describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { StrongV1Agent } from '../../src/engine/ai';
import type { Game } from '../../src/engine/game/game';
import { MjaiEvent, mjaiEvents } from '../../src/formats/mjai';
import { playGame } from '../../src/engine/sim/play';
import { type SeatPlayer, playWithBots } from '../../src/mjai/table';
import { mjaiLog } from '../../src/mjai/translate';
import { OracleBot, type Policy } from './oracle-bot';

type Ev = Record<string, unknown>;

/**
 * A kan's new dora: an ankan's before the replacement draw; a daiminkan's or kakan's when the seat
 * discards (after the draw, before the `dahai`) — unless the kan is robbed or the draw wins.
 */
function expectKanDora(log: Ev[], n: number): void {
  const kan = log[n]!;
  const rest = log.slice(n + 1);
  if (rest[0]!.type === 'hora') return;
  const draw = rest.findIndex((e) => e.type === 'tsumo');
  expect(rest[draw]!.actor).toBe(kan.actor);
  if (kan.type === 'ankan') {
    expect(draw).toBeGreaterThan(0);
    expect(rest.slice(0, draw).every((e) => e.type === 'dora')).toBe(true);
    return;
  }
  expect(draw).toBe(0);
  const after = rest.slice(1);
  const end = after.findIndex((e) => e.type === 'dahai' || e.type === 'hora' || e.type === 'ankan' || e.type === 'kakan');
  if (after[end]!.type !== 'dahai') return;
  expect(after[end]!.actor).toBe(kan.actor);
  expect(after[end - 1]!.type).toBe('dora');
}

/**
 * Plays one game with oracle bots in the seats that have a policy (built-in AIs elsewhere: the frozen
 * `strong-v1`, so the seeded games keep the calls and kans this test needs while `strong` changes).
 */
async function play(seed: number, maxRound: 0 | 1, policies: (Policy | null)[]) {
  let live: Game | null = null;
  const bots = policies.map((p) => (p ? new OracleBot(() => live!, p) : null));
  const seats: SeatPlayer[] = bots.map((b) => (b ? { bot: b, fallback: new StrongV1Agent() } : { agent: new StrongV1Agent() }));
  const { game, replaced } = await playWithBots(seats, { seed, maxRound }, { onStart: (g) => { live = g; } });
  return { game, replaced, bots };
}

/** Event by event against the full log: the same events, with exactly the other seats' draws and hands hidden. */
function expectSeatView(got: Ev[], full: Ev[], seat: number, game: Game): void {
  for (const ev of got) expect(Value.Check(MjaiEvent, ev)).toBe(true);
  expect(got[0]).toEqual({ type: 'start_game', names: game.names, tenhou_rule: game.eastSouth ? 0xa9 : 0xa1, id: seat });
  expect(got.at(-1)).toMatchObject({ type: 'end_game', scores: game.owari!.scores });
  expect(got).toHaveLength(full.length);
  got.forEach((ev, n) => {
    const open = full[n]!;
    // The log export alone names the wall seed (devhub_seed): a bot seat is never told it.
    if (ev.type === 'start_game') { expect({ ...ev, id: undefined } as Ev).toEqual({ ...open, id: undefined, devhub_seed: undefined }); expect(ev).not.toHaveProperty('devhub_seed'); return; }
    if (ev.type === 'start_kyoku') {
      const tehais = ev.tehais as string[][];
      tehais.forEach((h, s) => expect(h).toEqual(s === seat ? (open.tehais as string[][])[s]! : Array(13).fill('?')));
      expect({ ...ev, tehais: null }).toEqual({ ...open, tehais: null });
    } else if (ev.type === 'tsumo') {
      expect(ev.pai).toBe(ev.actor === seat ? open.pai : '?');
      expect(ev.actor).toBe(open.actor);
    } else expect(ev).toEqual(open);
  });
}

const ASKS = new Set(['tsumo', 'dahai', 'kakan', 'ankan']);
const sorted = (xs: unknown) => (xs as string[]).slice().sort();

/**
 * The protocol's sequences around the seat's own moves, and each move is the bot's answer to the
 * event that asked it: reach → dahai → reach_accepted (or a ron on that tile); a chi or pon → its
 * discard; a kan → its dora around its replacement draw (expectKanDora); a hora → more hora or end_kyoku.
 */
function expectOwnSequences(bot: OracleBot, seat: number): void {
  const { got, said } = bot;
  got.forEach((ev, n) => {
    if (ev.type === 'ryukyoku') expect(got[n + 1]!.type).toBe('end_kyoku');
    if (ev.type === 'hora') expect(['hora', 'end_kyoku']).toContain(got[n + 1]!.type as string);
    if (ev.actor !== seat) return;
    const next = got.slice(n + 1, n + 3);
    switch (ev.type) {
      case 'dahai': {
        // It answered the discard to the event before (its draw, call or reach; a minkan's dora is turned in between).
        const j = got[n - 1]!.type === 'dora' ? n - 2 : n - 1;
        expect(said[j]).toMatchObject({ type: 'dahai', pai: ev.pai });
        return;
      }
      case 'reach':
        expect(next[0]).toMatchObject({ type: 'dahai', actor: seat });
        if (next[1]!.type !== 'hora') expect(next[1]).toEqual({ type: 'reach_accepted', actor: seat });
        break;
      case 'chi': case 'pon': expect(next[0]).toMatchObject({ type: 'dahai', actor: seat, tsumogiri: false }); break;
      case 'ankan': case 'kakan': case 'daiminkan': expectKanDora(got, n); break;
      case 'hora': break;
      default: return;
    }
    // The move is what the bot answered to the last event that asked it.
    let j = n - 1;
    while (!ASKS.has(got[j]!.type as string)) j--;
    expect(said[j]!.type).toBe(ev.type as MjaiEvent['type']);
    if (ev.type !== 'reach' && ev.type !== 'hora') expect(sorted((said[j] as Ev).consumed)).toEqual(sorted(ev.consumed));
  });
}

describe('mjai conformance: each seat sees exactly what the protocol gives it', () => {
  it('bots that call, kan, riichi and win see, for every seat and several seeds, the seat-masked exported log', async () => {
    const own = new Set<string>();
    let redsSeen = 0;
    const games: [number, 0 | 1, (Policy | null)[]][] = [
      [3, 0, ['calls', 'closed', 'calls', 'closed']],
      [34, 0, ['closed', 'calls', 'closed', 'calls']],
      [8, 0, ['calls', 'calls', 'closed', 'closed']],
      [21, 1, [null, 'calls', null, 'closed']],
    ];
    for (const [seed, maxRound, policies] of games) {
      const { game, replaced, bots } = await play(seed, maxRound, policies);
      // Every answer was legal and in time: no seat was given to the built-in AI.
      expect(replaced).toEqual([]);
      // The rules side's mjai log export of the finished game, replayed event by event below.
      const full = mjaiEvents(game.toPaipu()) as unknown as Ev[];
      // (the export alone names the wall seed in start_game.devhub_seed)
      expect(mjaiLog(game, null) as unknown).toEqual(full.map((e, i) => (i === 0 ? { ...e, devhub_seed: undefined } : e)));
      expect(JSON.stringify(full)).not.toContain('"?"');
      bots.forEach((bot, seat) => {
        if (!bot) return;
        expectSeatView(bot.got, full, seat, game);
        expectOwnSequences(bot, seat);
        for (const ev of bot.got) {
          if (ev.actor === seat) own.add(ev.type as string);
          // Red fives in the seat's own tiles are written 5mr / 5pr / 5sr.
          const mine = ev.type === 'start_kyoku' ? (ev.tehais as string[][])[seat] : ev.type === 'tsumo' && ev.actor === seat ? [ev.pai] : [];
          redsSeen += mine!.filter((x) => /^5[mps]r$/.test(x as string)).length;
        }
        const seq = bot.got.map((e) => e.type).filter((x) => ['start_kyoku', 'hora', 'ryukyoku', 'end_kyoku'].includes(x as string));
        // Hands and results in order: every start_kyoku is closed by end_kyoku after a hora or ryukyoku.
        expect(`${seq.join(' ')} `).toMatch(/^(start_kyoku (hora |ryukyoku )+end_kyoku )+$/);
      });
    }
    // The bots' own moves covered every kind of call, riichi and a win.
    for (const k of ['chi', 'pon', 'reach', 'reach_accepted', 'hora', 'ankan', 'kakan', 'daiminkan']) expect([k, own.has(k)]).toEqual([k, true]);
    expect(redsSeen).toBeGreaterThan(0);
  }, 60_000);

  it('a kan\'s dora comes where the engine turns it; calls carry the tiles they use', () => {
    const kans: string[] = [];
    for (let seed = 1; seed < 80 && kans.length < 3; seed++) {
      const game = playGame([0, 1, 2, 3].map(() => new StrongV1Agent()), { seed, maxRound: 0 });
      const log = mjaiLog(game, null) as unknown as Ev[];
      log.forEach((ev, n) => {
        if (ev.type === 'chi' || ev.type === 'pon') {
          const tiles = [ev.pai as string, ...(ev.consumed as string[])].map((x) => x.replace('r', ''));
          if (ev.type === 'pon') expect(new Set(tiles).size).toBe(1);
          else expect(tiles.map((x) => x[1]).every((x) => x === tiles[0]![1])).toBe(true);
        }
        if (ev.type === 'ankan' || ev.type === 'kakan' || ev.type === 'daiminkan') {
          kans.push(ev.type);
          expectKanDora(log, n);
        }
      });
    }
    expect(kans.length).toBeGreaterThan(0);
  }, 60_000);
});
