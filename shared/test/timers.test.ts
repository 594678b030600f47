import { describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { sleepUnlessAborted, withDeadline } from '../src/timers';

const TIMERS = join(import.meta.dir, '../src/timers.ts');

/** Runs `body` in a child bun with the helpers imported; whether it exited within 5 s (its waits are 30 s). */
async function exitsAtOnce(body: string): Promise<{ exited: boolean; out: string }> {
  const script = `import { sleepUnlessAborted, withDeadline } from ${JSON.stringify(TIMERS)};\n${body}`;
  const proc = Bun.spawn(['bun', '-e', script], { stdout: 'pipe', stderr: 'pipe' });
  const exited = await Promise.race([proc.exited.then(() => true), Bun.sleep(5_000).then(() => false)]);
  if (!exited) proc.kill('SIGKILL');
  return { exited, out: (await new Response(proc.stdout).text()).trim() };
}

describe('waits that do not outlive their use', () => {
  it('sleepUnlessAborted ends at the abort, and leaves no timer keeping the process alive', async () => {
    const run = await exitsAtOnce(`const c = new AbortController(); const w = sleepUnlessAborted(30_000, c.signal); c.abort(); await w; console.log('woke');`);
    // (The Promise.race of Bun.sleep and the abort it replaced kept such a child alive for the full 30 s.)
    expect(run).toEqual({ exited: true, out: 'woke' });
  }, 20_000);

  it('sleepUnlessAborted waits its time when nothing aborts, and returns at once for a signal already aborted', async () => {
    const c = new AbortController();
    let woke = false;
    const w = sleepUnlessAborted(30, c.signal).then(() => { woke = true; });
    expect(woke).toBe(false);
    await w;
    expect(woke).toBe(true);
    c.abort();
    await sleepUnlessAborted(60_000, c.signal);
  });

  it('withDeadline gives the work\'s value, or the late value, and clears its timer either way', async () => {
    expect(await withDeadline(Promise.resolve('done'), 30_000, () => 'late')).toBe('done');
    expect(await withDeadline(new Promise<string>(() => {}), 10, () => 'late')).toBe('late');
    await expect(withDeadline(Promise.reject(new Error('boom')), 30_000, () => 'late')).rejects.toThrow('boom');
    const run = await exitsAtOnce(`console.log(await withDeadline(Promise.resolve('done'), 30_000, () => 'late'));`);
    expect(run).toEqual({ exited: true, out: 'done' });
  }, 20_000);
});
