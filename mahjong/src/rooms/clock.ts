/**
 * Turn timers as Tenhou's (mahjong/README.md, "Rooms"): each decision of a human seat has
 * `decisionMs`; time beyond it comes out of the seat's bank (`bankMs`, refilled every hand or once
 * per game). When both are spent the server plays for the seat: the drawn tile (tsumogiri), or a
 * pass on a call.
 */
export interface ClockConfig {
  decisionMs: number;
  bankMs: number;
  bankPer: 'hand' | 'game';
}

export const DEFAULT_CLOCK: ClockConfig = { decisionMs: 5_000, bankMs: 10_000, bankPer: 'hand' };

/** When a decision started at `start` with `bank` left runs out. */
export const deadline = (clock: ClockConfig, start: number, bank: number): number => start + clock.decisionMs + Math.max(0, bank);

/** The bank left after a decision that took `elapsed` ms. */
export const charge = (clock: ClockConfig, bank: number, elapsed: number): number =>
  Math.max(0, bank - Math.max(0, elapsed - clock.decisionMs));

export const fullBanks = (clock: ClockConfig): number[] => [clock.bankMs, clock.bankMs, clock.bankMs, clock.bankMs];
