import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { parseMjlog } from '../../engine/mjlog/parse';
import { Paipu } from '../../engine/paipu';
import { BadRequest, ReplayTooLong, SampleNotFound } from '../../server/errors';
import type { StepsBody } from './model';
import { EMBEDDED_SAMPLES } from './samples';
import { buildSteps } from './steps';

/** mahjong/samples/: games our engine played plus attributed real logs. */
export const DEFAULT_SAMPLES_DIR = resolve(import.meta.dir, '../../../samples');
const SAMPLE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.(xml|mjlog)$/;

/**
 * Every step carries the whole table (about 4 KB of JSON), so a 5 MB log of a few hundred
 * hands would ask for gigabytes; six hanchan's worth of steps is the most a replay builds.
 */
export const MAX_REPLAY_STEPS = 10_000;

export function loadPaipu(xml: string): Paipu {
  return parseMjlog(xml);
}

/** `{paipu}` is checked against the schema; `{xml_content}` is parsed first. */
export function stepsFor(body: StepsBody) {
  let paipu: Paipu;
  if (body.xml_content !== undefined) paipu = parseMjlog(body.xml_content);
  else if (body.paipu === undefined) throw new BadRequest('send {paipu} (from /api/replay/load) or {xml_content}');
  else if (Value.Check(Paipu, body.paipu)) paipu = body.paipu;
  else {
    const first = Value.Errors(Paipu, body.paipu).First();
    throw new BadRequest(`paipu${first?.path ?? ''}: ${first?.message ?? 'not a game record'}`);
  }
  // At most one step per event, plus the deal and the end of each hand, plus the game end.
  const bound = paipu.rounds.reduce((n, r) => n + r.events.length + 2, 1);
  if (bound > MAX_REPLAY_STEPS) throw new ReplayTooLong(bound, MAX_REPLAY_STEPS);
  const { steps, kyoku_indices } = buildSteps(paipu);
  return { steps, total: steps.length, kyoku_indices };
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
