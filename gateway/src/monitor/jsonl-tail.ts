import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export interface TailResult {
  records: unknown[];
  /**
   * Lines skipped: complete but not JSON (a corrupt line is never fatal), or longer than the read
   * window (counted once, when their end has been passed).
   */
  bad: number;
  /** The file shrank below the saved offset and was read again from the start. */
  truncated: boolean;
}

const CHUNK = 1 << 20;

/**
 * Reads the complete lines appended to a JSONL file since `offset`. A last line without its
 * newline is left for the next poll (the writer is mid-append); a file smaller than the offset
 * was truncated or replaced, so reading restarts at 0. A line longer than the read window (a
 * transcript entry holding a huge paste or image) is skipped, a window per poll, instead of being
 * read again and again: without that, one such line stopped the file being followed at all.
 */
export class JsonlTail {
  /** Inside a line longer than the window: its end is still to be passed. */
  private skipping = false;

  constructor(readonly path: string, public offset = 0) {}

  /** Size of the file now, or 0 when it does not exist yet. */
  static sizeOf(path: string): number {
    try {
      const fd = openSync(path, 'r');
      try { return fstatSync(fd).size; } finally { closeSync(fd); }
    } catch { return 0; }
  }

  read(maxBytes = 16 * CHUNK): TailResult {
    let fd: number;
    try { fd = openSync(this.path, 'r'); } catch { return { records: [], bad: 0, truncated: false }; }
    try {
      const size = fstatSync(fd).size;
      let truncated = false;
      if (size < this.offset) { this.offset = 0; truncated = true; this.skipping = false; }
      const length = Math.min(size - this.offset, maxBytes);
      if (length <= 0) return { records: [], bad: 0, truncated };
      const buffer = Buffer.alloc(length);
      let got = 0;
      while (got < length) {
        const n = readSync(fd, buffer, got, length - got, this.offset + got);
        if (n === 0) break;
        got += n;
      }
      let start = 0;
      let skipped = 0;
      if (this.skipping) {
        const nl = buffer.indexOf(0x0a);
        if (nl < 0 || nl >= got) { this.offset += got; return { records: [], bad: 0, truncated }; }
        this.skipping = false;
        skipped = 1;
        start = nl + 1;
      }
      const end = buffer.lastIndexOf(0x0a, got - 1);
      if (end < start) {
        // No line ends in a full window: the line is longer than the window and is skipped.
        if (start === 0 && got === maxBytes) { this.offset += got; this.skipping = true; return { records: [], bad: 0, truncated }; }
        this.offset += start;
        return { records: [], bad: skipped, truncated };
      }
      const { records, bad } = parseLines(buffer.subarray(start, end).toString('utf8'));
      this.offset += end + 1;
      return { records, bad: bad + skipped, truncated };
    } finally {
      closeSync(fd);
    }
  }
}

function parseLines(text: string): { records: unknown[]; bad: number } {
  const records: unknown[] = [];
  let bad = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try { records.push(JSON.parse(line)); } catch { bad++; }
  }
  return { records, bad };
}
