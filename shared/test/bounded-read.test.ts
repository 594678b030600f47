import { describe, expect, it } from 'bun:test';
import { AppError, readBounded, readBoundedText } from '../src';

const streamOf = (...parts: string[]) => new Blob(parts).stream();
class TooBig extends AppError {
  constructor() { super('TOO_BIG', 413, 'too big'); }
}

describe('bounded read', () => {
  it('reads a stream within the limit whole', async () => {
    expect(await readBoundedText(streamOf('héllo ', 'wörld'), 64, () => new TooBig())).toBe('héllo wörld');
    expect((await readBounded(null, 10, () => new TooBig())).byteLength).toBe(0);
  });

  it('throws the caller\'s error once the stream passes the limit, and cancels it', async () => {
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) { pulled++; controller.enqueue(new Uint8Array(1024)); },
      cancel() { cancelled = true; },
    });
    await expect(readBounded(endless, 10_000, () => new TooBig())).rejects.toBeInstanceOf(TooBig);
    expect(pulled).toBeLessThan(20);
    expect(cancelled).toBe(true);
  });

  it('accepts exactly the limit', async () => {
    expect((await readBounded(streamOf('x'.repeat(100)), 100, () => new TooBig())).byteLength).toBe(100);
  });
});
