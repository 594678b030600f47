import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { mjlogText } from '../../engine/mjlog/gzip';
import { ACCEPTED_FORMATS, assertReplayable, exportLog, FILE_EXTENSIONS, MEDIA_TYPES, parseLogText, type LogFormat } from '../../formats';
import { Paipu } from '../../engine/paipu';
import { BadRequest, ReplayTooLong, SampleNotFound } from '../../server/errors';
import { analyseGame } from './analysis';
import type { AnalysisBody, AnalysisResponse } from './analysis-model';
import type { StepsBody } from './model';
import type { ReviewBody, ReviewReport } from '../review/model';
import { reviewGame } from '../review/review';
import { EMBEDDED_SAMPLES } from './samples';
import { buildSteps } from './steps';
import { checkWalls, type WallCheck } from '../../engine/verify/wall-check';

/** mahjong/samples/: games our engine played plus attributed real logs. */
export const DEFAULT_SAMPLES_DIR = resolve(import.meta.dir, '../../../samples');
const SAMPLE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.(xml|mjlog)$/;

/**
 * Every step carries the whole table (about 4 KB of JSON), so a 5 MB log of a few hundred
 * hands would ask for gigabytes; six hanchan's worth of steps is the most a replay builds.
 */
export const MAX_REPLAY_STEPS = 10_000;

export const REPLAY_LOAD_PATH = '/api/replay/load';

/** Text in any accepted format → the game record; a log the engine cannot replay is refused. */
export function loadText(text: string): { format: LogFormat; paipu: Paipu } {
  const loaded = parseLogText(text);
  if (loaded.format === 'xml') assertReplayable('xml', loaded.paipu);
  return loaded;
}

/**
 * The body of `POST /api/replay/load`: raw bytes (any content type but JSON: gzip or plain
 * Tenhou XML, tenhou.net/6 JSON, mjai lines), a tenhou.net/6 log posted as JSON, or
 * `{xml_content}` holding the log's text.
 */
export async function loadLog(body: unknown): Promise<{ ok: true; format: LogFormat; paipu: Paipu; wall: WallCheck }> {
  let loaded;
  if (body instanceof Uint8Array || body instanceof ArrayBuffer) {
    const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);
    if (bytes.length === 0) throw new BadRequest(`empty body: send a log (${ACCEPTED_FORMATS})`);
    loaded = loadText(await mjlogText(bytes));
  } else if (body && typeof body === 'object' && Array.isArray((body as { log?: unknown }).log)) {
    loaded = loadText(JSON.stringify(body));
  } else if (body && typeof body === 'object' && typeof (body as { xml_content?: unknown }).xml_content === 'string') {
    loaded = loadText((body as { xml_content: string }).xml_content);
  } else throw new BadRequest(`send the log's bytes, a tenhou.net/6 JSON log, or {xml_content: "<the log as text>"}; accepted formats: ${ACCEPTED_FORMATS}`);
  return { ok: true, ...loaded, wall: checkWalls(loaded.paipu) };
}

/** A paipu sent back by a client, checked against the schema. */
export function paipuOf(value: unknown): Paipu {
  if (Value.Check(Paipu, value)) return value;
  const first = Value.Errors(Paipu, value).First();
  throw new BadRequest(`paipu${first?.path ?? ''}: ${first?.message ?? 'not a game record'}`);
}

export function exportFile(paipu: unknown, format: LogFormat): { text: string; type: string; filename: string } {
  const p = paipuOf(paipu);
  return { text: exportLog(p, format), type: MEDIA_TYPES[format], filename: `game.${FILE_EXTENSIONS[format]}` };
}

/** `{paipu}` is checked against the schema; `{xml_content}` (any format's text) is loaded first. */
export function stepsFor(body: StepsBody) {
  let paipu: Paipu;
  if (body.xml_content !== undefined) paipu = loadText(body.xml_content).paipu;
  else if (body.paipu === undefined) throw new BadRequest('send {paipu} (from /api/replay/load) or {xml_content}');
  else paipu = paipuOf(body.paipu);
  // At most one step per event, plus the deal and the end of each hand, plus the game end.
  const bound = paipu.rounds.reduce((n, r) => n + r.events.length + 2, 1);
  if (bound > MAX_REPLAY_STEPS) throw new ReplayTooLong(bound, MAX_REPLAY_STEPS);
  const { steps, kyoku_indices } = buildSteps(paipu);
  return { steps, total: steps.length, kyoku_indices };
}

/**
 * `{paipu}` (checked by the route's schema) or `{xml_content}` (any format's text) → the analysis
 * of every step (analysis.ts). The same bound on the log's length as the steps.
 */
export function analysisFor(body: AnalysisBody): AnalysisResponse {
  return analyseGame(boundedPaipu(body));
}

/** The game of a `{paipu}` or `{xml_content}` body, refused beyond the replay's step bound. */
function boundedPaipu(body: { paipu?: Paipu; xml_content?: string }): Paipu {
  let paipu: Paipu;
  if (body.xml_content !== undefined) paipu = loadText(body.xml_content).paipu;
  else if (body.paipu === undefined) throw new BadRequest('send {paipu} (from /api/replay/load) or {xml_content}');
  else paipu = body.paipu;
  const bound = paipu.rounds.reduce((n, r) => n + r.events.length + 2, 1);
  if (bound > MAX_REPLAY_STEPS) throw new ReplayTooLong(bound, MAX_REPLAY_STEPS);
  return paipu;
}

/** `{paipu}` or `{xml_content}` → the review of every decision (modules/review), one seat or all four. */
export function reviewFor(body: ReviewBody): ReviewReport {
  return reviewGame(boundedPaipu(body), body.seat === undefined ? {} : { seats: [body.seat] });
}

/** name → readable path: the embedded samples, plus any log dropped into the samples folder. */
async function sampleIndex(dir: string): Promise<Map<string, string>> {
  const index = new Map(Object.entries(EMBEDDED_SAMPLES));
  for (const n of await readdir(dir).catch(() => [] as string[])) if (SAMPLE_NAME.test(n)) index.set(n, join(dir, n));
  return index;
}

export async function listSamples(dir = DEFAULT_SAMPLES_DIR): Promise<string[]> {
  return [...(await sampleIndex(dir)).keys()].filter((n) => SAMPLE_NAME.test(n)).sort();
}

/** Reads a sample by its listed name only: anything else (e.g. `../`) is a 404. */
export async function readSample(name: string, dir = DEFAULT_SAMPLES_DIR): Promise<string> {
  const path = SAMPLE_NAME.test(name) ? (await sampleIndex(dir)).get(name) : undefined;
  if (!path) throw new SampleNotFound(name);
  return Bun.file(path).text();
}
