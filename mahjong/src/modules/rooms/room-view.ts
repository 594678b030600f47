import type { RoomView } from './model';
import type { RoomRecord, RoomStore } from './types';

/** The room as everyone may see it (`you`: the caller's seat; `connected`: who is, when the caller knows). */
export async function roomView(store: RoomStore, record: RoomRecord, you: number | null, connected?: boolean[]): Promise<RoomView> {
  const conn = connected ?? (await store.connected(record.id));
  const names = record.seats.flatMap((s) => (s?.kind === 'human' ? [s.name] : []));
  const ratings = await store.ratings(names).catch(() => new Map());
  const result = record.status === 'over' ? await store.result(record.id).catch(() => null) : null;
  return {
    room_id: record.id, status: record.status, owner_seat: record.ownerSeat, max_round: record.maxRound, seeded: record.seeded,
    // A seeded wall is known to whoever holds the seed (its creator) and can be found by any seat: said to all.
    seed: record.seeded ? record.gameSeed : null,
    clock: { decision_ms: record.clock.decisionMs, bank_ms: record.clock.bankMs, bank_per: record.clock.bankPer },
    spectator_delay_ms: record.spectatorDelayMs, bots: record.bots[0]!, you,
    seats: record.seats.map((s, seat) => ({
      seat, kind: s ? (s.kind === 'human' ? 'human' : 'bot') : 'empty', name: s?.kind === 'human' ? s.name : null,
      ai: s?.kind === 'bot' ? s.ai : null, connected: s?.kind === 'human' ? !!conn[seat] : s?.kind === 'bot',
      rating: s?.kind === 'human' ? ratings.get(s.name)?.rating ?? null : null,
    })),
    ratings: result ? result.ratings.map((c) => ({ name: c.name, seat: c.seat, place: c.place, before: c.before, after: c.after, delta: c.delta })) : null,
  };
}
