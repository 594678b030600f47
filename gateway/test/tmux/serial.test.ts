import { describe, expect, it } from 'bun:test';
import { KeyedSerial } from '../../src/tmux/serial';

describe('KeyedSerial', () => {
  it('runs the tasks of one key in call order, other keys alongside', async () => {
    const serial = new KeyedSerial();
    const log: string[] = [];
    const gates: Record<string, () => void> = {};
    const task = (name: string) => () => new Promise<string>((resolve) => {
      log.push(`start ${name}`);
      gates[name] = () => { log.push(`end ${name}`); resolve(name); };
    });
    const a1 = serial.run('a', task('a1'));
    const a2 = serial.run('a', task('a2'));
    const b1 = serial.run('b', task('b1'));
    await Bun.sleep(0);
    expect(log).toEqual(['start a1', 'start b1']);
    gates.a1!();
    expect(await a1).toBe('a1');
    await Bun.sleep(0);
    expect(log).toEqual(['start a1', 'start b1', 'end a1', 'start a2']);
    gates.a2!();
    gates.b1!();
    expect(await Promise.all([a2, b1])).toEqual(['a2', 'b1']);
  });

  it('keeps going after a failed task and forgets idle keys', async () => {
    const serial = new KeyedSerial();
    const failed = serial.run('w', () => Promise.reject(new Error('boom')));
    const next = serial.run('w', async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('ran');
    await Bun.sleep(0);
    expect(serial.size).toBe(0);
  });
});
