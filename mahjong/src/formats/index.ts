/**
 * Game logs in every format players have, to and from one game record (the paipu):
 * Tenhou XML (mjlog; plain, gzip by magic bytes, UTF-8 BOM accepted, DOCTYPE refused),
 * tenhou.net/6 JSON and mjai JSON lines. The format is recognised from the content.
 */
import { mjlogText } from '../engine/mjlog/gzip';
import { exportMjlog } from '../engine/mjlog/export';
import { parseMjlog } from '../engine/mjlog/parse';
import type { Paipu } from '../engine/paipu/types';
import { UnknownLogFormat, type LogFormat } from './errors';
import { exportMjai } from './mjai/export';
import { parseMjai } from './mjai/parse';
import { jsonTextDeeperThan, MAX_JSON_DEPTH } from './json-depth';
import { exportTenhou6 } from './tenhou6/export';
import { parseTenhou6 } from './tenhou6/parse';

export { assertReplayable } from './complete';
export { ACCEPTED_FORMATS, InvalidLog, LOG_FORMATS, UnknownLogFormat, type LogFormat } from './errors';

/** Which format a text is in (after an optional BOM and whitespace), or throws UnknownLogFormat. */
export function detectFormat(text: string): { format: LogFormat; json?: unknown } {
  const s = text.replace(/^\uFEFF/, '').trimStart();
  if (s.startsWith('<')) return { format: 'xml' };
  if (s.startsWith('{')) {
    // Refused before JSON.parse builds it (json-depth.ts); real logs nest 8 levels at most.
    if (jsonTextDeeperThan(s)) throw new UnknownLogFormat(`JSON that nests deeper than ${MAX_JSON_DEPTH} levels`);
    const firstLine = s.split('\n', 1)[0]!.trim();
    let whole: unknown;
    try { whole = JSON.parse(s); } catch { whole = undefined; }
    if (whole && typeof whole === 'object' && Array.isArray((whole as { log?: unknown }).log)) return { format: 'tenhou6', json: whole };
    let first: unknown;
    try { first = JSON.parse(firstLine); } catch { first = undefined; }
    if (first && typeof first === 'object' && typeof (first as { type?: unknown }).type === 'string') return { format: 'mjai' };
    if (whole !== undefined) throw new UnknownLogFormat('a JSON object that is neither a tenhou.net/6 log (no "log" list) nor an mjai event (no "type")');
    throw new UnknownLogFormat('text starting with "{" that is not JSON');
  }
  throw new UnknownLogFormat(s.length === 0 ? 'empty input' : `input starting with ${JSON.stringify(s.slice(0, 12))}`);
}

/** Parse a log given as text in any accepted format. */
export function parseLogText(text: string): { format: LogFormat; paipu: Paipu } {
  const d = detectFormat(text);
  if (d.format === 'xml') return { format: 'xml', paipu: parseMjlog(text) };
  if (d.format === 'tenhou6') return { format: 'tenhou6', paipu: parseTenhou6(d.json) };
  return { format: 'mjai', paipu: parseMjai(text) };
}

/** Parse a log given as bytes (gzip or plain, any accepted format). */
export async function parseLogBytes(bytes: Uint8Array): Promise<{ format: LogFormat; paipu: Paipu }> {
  return parseLogText(await mjlogText(bytes));
}

export const MEDIA_TYPES: Record<LogFormat, string> = {
  xml: 'application/xml; charset=utf-8',
  tenhou6: 'application/json; charset=utf-8',
  mjai: 'application/x-ndjson; charset=utf-8',
};
export const FILE_EXTENSIONS: Record<LogFormat, string> = { xml: 'mjlog', tenhou6: 'json', mjai: 'jsonl' };

export function exportLog(p: Paipu, format: LogFormat): string {
  if (format === 'xml') return exportMjlog(p);
  if (format === 'tenhou6') return `${JSON.stringify(exportTenhou6(p))}\n`;
  return exportMjai(p);
}

export const isLogFormat = (s: unknown): s is LogFormat => s === 'xml' || s === 'tenhou6' || s === 'mjai';
