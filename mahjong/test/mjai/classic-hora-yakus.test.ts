/**
 * The classic server's `hora.yakus` as the original (gimite/mjai, hora.rb `add_yaku`) lists them:
 * only yaku worth at least one han (no `["ura dora", 0]` for a riichi win without ura dora), and
 * `fan` is their sum.
 */
import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import type { Game } from '../../src/engine/game/game';
import { parseMjlog } from '../../src/engine/mjlog/parse';
import { mjaiEvents } from '../../src/formats/mjai/export';
import { ClassicAnnotator } from '../../src/mjai/classic';
import { MJLOG_DATA } from '../fixtures/data/paths';

describe('classic hora yakus', () => {
  it('leaves out zero-han entries, as the original server', () => {
    const paipu = parseMjlog(readFileSync(`${MJLOG_DATA}/2016052515gm-00a9-0000-c4d72066.mjlog`, 'utf8'));
    // A finished game: the annotator reads each round's results from `rounds`.
    const game = { rounds: paipu.rounds, isOver: () => true } as unknown as Game;
    const horas = new ClassicAnnotator(0).batch(game, mjaiEvents(paipu)).filter((e) => e.type === 'hora') as unknown as
      { yakus: [string, number][]; fan: number }[];
    // This log has riichi wins without ura dora (Tenhou records ura at 0 han).
    expect(paipu.rounds.some((r) => r.events.some((e) => e.t === 'agari' && e.yaku.some((y) => y.han === 0)))).toBe(true);
    expect(horas.length).toBeGreaterThan(5);
    for (const h of horas) {
      expect(h.yakus.every(([, han]) => han > 0)).toBe(true);
      expect(h.fan).toBe(h.yakus.reduce((n, [, han]) => n + han, 0));
    }
  });
});
