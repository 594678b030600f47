import { counts, rate } from '../../rooms/rating';
import { parseMjlog } from '../../engine/mjlog/parse';
import { placementsOf } from '../backend/game-store';
import type { RoomTable } from './table';
import type { RoomStore } from './types';

/** The finished game: saved once with its rating changes (a seeded game or one with fewer than two humans changes none). */
export async function saveGameResult(store: RoomStore, table: RoomTable, now: () => number): Promise<void> {
  const r = table.record;
  const paipu = parseMjlog(table.paipuXml());
  const scores = paipu.owari?.scores ?? [0, 0, 0, 0];
  const placements = placementsOf(scores);
  const names = r.seats.map((s) => (s?.kind === 'human' ? s.name : null));
  const seats = names.map((name, i) => ({ name, place: placements[i]! }));
  const rated = counts(seats, r.seeded);
  await store.saveResult({
    id: r.id, finishedAt: now(), maxRound: r.maxRound, seeded: r.seeded, names,
    bots: r.seats.map((s) => (s?.kind === 'bot' ? s.ai : null)), scores, points: paipu.owari?.points ?? [0, 0, 0, 0],
    placements, hands: paipu.rounds.length, rated, mjlog: table.paipuXml(),
  }, (current) => rate(seats, current, r.maxRound));
  await store.update(r.id, (rec) => ({ ...rec, status: 'over' }));
  await store.notify(r.id, 'room');
}
