import { describe, expect, it } from 'bun:test';
import { foregroundJob } from '../../src/live/foreground';

describe('foregroundJob', () => {
  it('answers null for a PID it cannot read, never throws', () => {
    expect(foregroundJob(0)).toBeNull();
    expect(foregroundJob(-5)).toBeNull();
    expect(foregroundJob(2 ** 30)).toBeNull();
  });
});
