import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export interface TailResult {
  records: unknown[];
  /** Lines that were complete but not JSON (a corrupt line is skipped, never fatal). */
  bad: number;
  /** The file shrank below the saved offset and was read again from the start. */
  truncated: boolean;
}

const CHUNK = 1 << 20;

/**
 * Reads the complete lines appended to a JSONL file since `offset`. A last line without its
 * newline is left for the next poll (the writer is mid-append); a file smaller than the offset
 * was truncated or replaced, so reading restarts at 0.
 */
export class JsonlTail {
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
      if (size < this.offset) { this.offset = 0; truncated = true; }
      const length = Math.min(size - this.offset, maxBytes);
      if (length <= 0) return { records: [], bad: 0, truncated };
      const buffer = Buffer.alloc(length);
      let got = 0;
      while (got < length) {
        const n = readSync(fd, buffer, got, length - got, this.offset + got);
        if (n === 0) break;
        got += n;
      }
      const end = buffer.lastIndexOf(0x0a, got - 1);
      if (end < 0) return { records: [], bad: 0, truncated };
      const { records, bad } = parseLines(buffer.subarray(0, end).toString('utf8'));
      this.offset += end + 1;
      return { records, bad, truncated };
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
