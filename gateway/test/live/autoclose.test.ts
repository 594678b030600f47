import { describe, expect, it } from 'bun:test';
import { AutoClose } from '../../src/live/autoclose';

const MIN = 60_000;

describe('autoclose timers', () => {
  it('closes a done window after the done minutes and a dead one after the dead minutes', () => {
    const timers = new AutoClose(30, 10);
    expect(timers.update('@1', 'done', 0)).toBe(false);
    expect(timers.update('@1', 'done', 30 * MIN - 1)).toBe(false);
    expect(timers.update('@1', 'done', 30 * MIN)).toBe(true);
    expect(timers.update('@2', 'dead', 0)).toBe(false);
    expect(timers.update('@2', 'dead', 10 * MIN)).toBe(true);
  });

  it('is cancelled when the status changes back, and restarts from the new entry', () => {
    const timers = new AutoClose(1, 1);
    timers.update('@1', 'done', 0);
    expect(timers.update('@1', 'working', 30_000)).toBe(false);
    expect(timers.update('@1', 'done', 40_000)).toBe(false);
    expect(timers.update('@1', 'done', 40_000 + MIN - 1)).toBe(false);
    expect(timers.update('@1', 'done', 40_000 + MIN)).toBe(true);
  });

  it('restarts when done turns into dead', () => {
    const timers = new AutoClose(1, 5);
    timers.update('@1', 'done', 0);
    expect(timers.update('@1', 'dead', 59_000)).toBe(false);
    expect(timers.update('@1', 'dead', 59_000 + 5 * MIN)).toBe(true);
  });

  it('never fires with 0 minutes', () => {
    const timers = new AutoClose(0, 0);
    expect(timers.update('@1', 'done', 0)).toBe(false);
    expect(timers.update('@1', 'done', 1000 * MIN)).toBe(false);
    expect(timers.update('@2', 'dead', 1000 * MIN)).toBe(false);
  });
});
