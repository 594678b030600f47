/**
 * The Tenhou Houou fixture logs the reviewer benches read, split by content: the held-out half
 * (distinct logs whose SHA-256 starts with 0–7) and the tuning half (the rest). Identical files
 * count once; a file the reader refuses is left out.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadText } from '../mahjong/src/modules/replay/service';
import type { Paipu } from '../mahjong/src/engine/paipu';

export const HOUOU_DIR = join(import.meta.dir, '../mahjong/test/fixtures/data/mjlog');
export type LogSet = 'heldout' | 'tune' | 'all';

/** The held-out half: first hex digit of the content's SHA-256 in 0–7. */
export const heldOut = (text: string) => parseInt(createHash('sha256').update(text).digest('hex')[0]!, 16) < 8;

export function hououLogs(set: LogSet, dir = HOUOU_DIR): { f: string; text: string; paipu: Paipu }[] {
  const seen = new Set<string>();
  return readdirSync(dir).filter((f) => f.endsWith('.mjlog') || f.endsWith('.xml')).sort().flatMap((f) => {
    const text = readFileSync(join(dir, f), 'utf8');
    if (seen.has(text)) return [];
    seen.add(text);
    if (set === 'heldout' && !heldOut(text)) return [];
    if (set === 'tune' && heldOut(text)) return [];
    try { return [{ f, text, paipu: loadText(text).paipu }]; } catch { return []; }
  });
}
