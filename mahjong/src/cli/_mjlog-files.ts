/**
 * Collects log files from paths given on the command line. A file named explicitly is always
 * read; inside a directory (walked recursively) every file is read whatever its extension
 * (`.mjlog`, `.xml`, `.txt`, `.json`, none) when its first bytes look like a log: the gzip magic
 * bytes 1f 8b, or (after an optional UTF-8 BOM and whitespace) `<` (Tenhou XML) or `{` (tenhou.net/6
 * JSON, mjai JSON lines). Hidden files are skipped.
 */
import { closeSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function looksLikeLog(head: Uint8Array): boolean {
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return true;
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  return head[i] === 0x3c || head[i] === 0x7b;
}

function headOf(path: string): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const buf = new Uint8Array(512);
    return buf.subarray(0, readSync(fd, buf, 0, buf.length, 0));
  } finally {
    closeSync(fd);
  }
}

export function collectLogFiles(paths: string[]): { files: string[]; missing: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  const walk = (p: string, explicit: boolean) => {
    let st;
    try { st = statSync(p); } catch { missing.push(p); return; }
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) if (!name.startsWith('.')) walk(join(p, name), false);
    } else if (explicit) files.push(p);
    else if (st.isFile() && st.size > 0 && looksLikeLog(headOf(p))) files.push(p);
  };
  for (const p of paths) walk(p, true);
  return { files, missing };
}
