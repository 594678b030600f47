import { charge, deadline, fullBanks } from '../../rooms/clock';
import type { EngineGame } from '../game/port';
import type { RoomRecord, RoomStep } from './types';

/** What a human seat has to decide, for its clock. */
export interface Pending { seat: number; start: number; deadline: number; bank: number }

/**
 * The human seats' clocks in a room game (rooms/clock.ts): each seat's time bank, and when the
 * last step was played, where the next decision's time starts.
 */
export class SeatClocks {
  banks: number[];
  lastStepAt = 0;

  /** `record`: the room as it stands now. */
  constructor(private readonly record: () => RoomRecord) {
    this.banks = fullBanks(record().clock);
  }

  /** The game started at `at`: every bank is full. */
  start(at: number): void {
    this.lastStepAt = at;
    this.banks = fullBanks(this.record().clock);
  }

  /**
   * A step was played: a deal refills the banks (when they last a hand), a move leaves its seat the
   * bank it recorded. `private` (a discard now waiting for its riichi confirmation, which the other
   * seats are not shown): the seat's decision goes on, on the same clock — a fresh one would show
   * in its deadline that the seat could declare riichi.
   */
  played(step: RoomStep, privateStep = false): void {
    if (privateStep) return;
    const clock = this.record().clock;
    this.lastStepAt = step.t;
    if (step.k === 'd') {
      if (clock.bankPer === 'hand') this.banks = fullBanks(clock);
    } else if (step.bank !== undefined) this.banks[step.p] = step.bank;
  }

  /** The bank left of `bank` for a decision made at `now`. */
  charged(bank: number, now: number): number {
    return charge(this.record().clock, bank, now - this.lastStepAt);
  }

  /** The human decision the table waits for, with its clock; null when a bot, a deal or nobody is next. */
  pending(game: EngineGame | null): Pending | null {
    if (!game || game.isOver()) return null;
    const record = this.record();
    const seat = game.toAct();
    if (seat < 0 || record.seats[seat]?.kind !== 'human') return null;
    const bank = this.banks[seat]!;
    return { seat, start: this.lastStepAt, bank, deadline: deadline(record.clock, this.lastStepAt, bank) };
  }
}
