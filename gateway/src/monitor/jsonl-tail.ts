import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';

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
 *
 * With `rotatedPath`, the writer may rename the file there and start a new one (events.jsonl is
 * rotated so it cannot grow without end): when the path names another file than the one being
 * read, the rest of the old one is read from `rotatedPath` first, then the new file from 0, so no
 * line appended just before the rotation is lost.
 */
export class JsonlTail {
  /** Inside a line longer than the window: its end is still to be passed. */
  private skipping = false;
  /** Inode of the file the offset belongs to (undefined: not read yet). */
  private inode: number | undefined;

  constructor(readonly path: string, public offset = 0, private readonly rotatedPath?: string) {
    if (rotatedPath !== undefined) this.inode = inodeOf(path);
  }

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
      const stat = fstatSync(fd);
      if (this.rotatedPath !== undefined && this.inode !== undefined && stat.ino !== this.inode) {
        const rest = this.readRotated(this.rotatedPath, this.inode, maxBytes);
        if (rest) return rest;
        this.offset = 0;
        this.skipping = false;
      }
      this.inode = stat.ino;
      return this.readOpen(fd, stat.size, maxBytes);
    } finally {
      closeSync(fd);
    }
  }

  /** The rest of the file we were reading, now at `rotated` (null: nothing left there). */
  private readRotated(rotated: string, inode: number, maxBytes: number): TailResult | null {
    let fd: number;
    try { fd = openSync(rotated, 'r'); } catch { return null; }
    try {
      const stat = fstatSync(fd);
      if (stat.ino !== inode || stat.size <= this.offset) return null;
      // The old file is no longer written: once a read moves no further (an unfinished last line
      // from a writer that died), it is done.
      const before = this.offset;
      const result = this.readOpen(fd, stat.size, maxBytes);
      return this.offset > before ? result : null;
    } finally {
      closeSync(fd);
    }
  }

  private readOpen(fd: number, size: number, maxBytes: number): TailResult {
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
  }
}

function inodeOf(path: string): number | undefined {
  try { return statSync(path).ino; } catch { return undefined; }
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
