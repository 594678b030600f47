/**
 * How often the reviewer's engine chooses what Tenhou Houou players chose, over every decision of
 * the held-out logs: overall, by kind, and on riichi decisions (turns where the player could
 * declare riichi: the same discard and the same riichi-or-dama; and riichi-or-dama alone).
 * Baseline in the same run: the replay analysis's agreement (the strong AI against the player's
 * own-turn moves, `analyseGame`) on the same logs.
 *
 * Held-out set: the fixture folder's distinct logs (identical files count once) whose SHA-256
 * starts with 0–7, so about half; no review test reads them, and the reviewer was tuned only on
 * the other half (`--set tune`). `--set all` takes every distinct log.
 * `--train DIR` instead trains the review engine's two models on the selected logs and writes
 * DIR/review-discard.json and DIR/review-calls.json: the shipped ones are
 * `--set tune --train mahjong/models` (byte for byte).
 * `--train-strong DIR` trains the strong AI's learned discard order (engine/ai/strong/learned-discard.ts)
 * on the selected logs and writes DIR/strong-discard.json: the shipped one is `--set tune --train-strong mahjong/models`.
 * `--write DIR` copies the selected set's logs to DIR (for `mahjong train` and other tools).
 * Run: bun bench/mahjong-review-agreement.ts [dir] [--set heldout|tune|all] [--write DIR] [--train DIR] [--train-strong DIR]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../shared/src';
import { analyseGame } from '../mahjong/src/modules/replay/analysis';
import { forEachDecision, optionOf, reviewGame, StrongEngine } from '../mahjong/src/modules/review/review';
import { averageModels, CALL_FEATURES, callRows, discardRows, pickDiscard, type ReviewModel, trainReviewModel, type Sample } from '../mahjong/src/modules/review/learned';
import { evaluateOptions } from '../mahjong/src/modules/review/values';
import { StrongAgent } from '../mahjong/src/engine/ai';
import { LEARNED_DISCARD_FEATURES } from '../mahjong/src/engine/ai/strong/learned-discard';
import { A, kindOfDiscard } from '../mahjong/src/engine/table/actions';
import type { ReviewDecision } from '../mahjong/src/modules/review/model';
import { HOUOU_DIR, hououLogs, type LogSet } from './houou-logs';

const args = process.argv.slice(2);
const setAt = args.indexOf('--set');
const writeAt = args.indexOf('--write');
const set = setAt >= 0 ? args[setAt + 1]! : 'heldout';
const writeDir = writeAt >= 0 ? args[writeAt + 1]! : null;
const trainAt = args.indexOf('--train');
const trainOut = trainAt >= 0 ? args[trainAt + 1]! : null;
const strongAt = args.indexOf('--train-strong');
const strongOut = strongAt >= 0 ? args[strongAt + 1]! : null;
/** The folder: the one argument that is neither a flag nor a flag's value. */
const VALUED = new Set(['--set', '--write', '--train', '--train-strong', '--hidden', '--epochs', '--seed', '--ensemble']);
const dir = args.find((a, i) => !a.startsWith('--') && !VALUED.has(args[i - 1] ?? '')) ?? HOUOU_DIR;

if (writeDir) mkdirSync(writeDir, { recursive: true });
const logs = hououLogs(set as LogSet, dir);
if (writeDir) for (const { f, text } of logs) writeFileAtomic(join(writeDir, f), text);

if (strongOut) {
  // The strong AI's learned discard order: its own candidate rows at every discard the players made.
  const samples: Sample[] = [];
  const agent = new StrongAgent('strong');
  for (const { paipu } of logs) {
    forEachDecision(paipu, (view, _k, _seat, action) => {
      if (view.phase >= 4 || action >= 37) return;
      const s = agent.discardSample(view);
      const label = s ? s.actions.findIndex((a) => kindOfDiscard(a) === kindOfDiscard(action)) : -1;
      if (s && label >= 0) samples.push({ rows: s.rows, label });
    });
  }
  const hiddenAt = args.indexOf('--hidden'), epochsAt = args.indexOf('--epochs'), seedAt = args.indexOf('--seed');
  const hidden = hiddenAt >= 0 ? Number(args[hiddenAt + 1]) : 24, epochs = epochsAt >= 0 ? Number(args[epochsAt + 1]) : 20;
  const model = trainReviewModel(samples, { hidden, epochs, rate: 0.05, seed: seedAt >= 0 ? Number(args[seedAt + 1]) : 1, logs: logs.length, features: LEARNED_DISCARD_FEATURES });
  mkdirSync(strongOut, { recursive: true });
  writeFileAtomic(join(strongOut, 'strong-discard.json'), `${JSON.stringify(model, null, 1)}\n`);
  console.log(`trained on ${logs.length} logs: ${samples.length} discards (${(model.trained_on.accuracy * 100).toFixed(1)} % on them) → ${strongOut}`);
  process.exit(0);
}

if (trainOut) {
  // The review engine's two models, from the selected logs (the tuning set: --set tune).
  const discards: Sample[] = [];
  const calls: Sample[] = [];
  // `--strong-defaults`: the strong_choice feature from the playing strong AI (STRONG_DEFAULTS), for a playing model.
  const strong = args.includes('--strong-defaults') ? new StrongEngine(new StrongAgent('strong'), null, null) : new StrongEngine(undefined, null, null);
  for (const { paipu } of logs) {
    forEachDecision(paipu, (view, _k, _seat, action) => {
      if (view.phase < 4 && action >= 37) return;
      if (view.phase >= 4 && view.valid_actions.includes(A.RON)) return;
      const options = evaluateOptions(view);
      const choice = strong.choose(view, 0, options).action;
      const { actions, rows } = view.phase < 4 ? discardRows(view, options, choice) : callRows(view, options, choice);
      const label = view.phase < 4 ? actions.findIndex((a) => kindOfDiscard(a) === kindOfDiscard(action)) : optionOf(options, action, false);
      if (actions.length >= 2 && label >= 0) (view.phase < 4 ? discards : calls).push({ rows, label });
    });
  }
  // `--ensemble K`: K seeds' models averaged into one network (learned.ts averageModels).
  const ensembleAt = args.indexOf('--ensemble');
  const seeds = Array.from({ length: ensembleAt >= 0 ? Number(args[ensembleAt + 1]) : 1 }, (_, i) => i + 1);
  const withAccuracy = (m: ReviewModel, samples: Sample[]) => {
    const hit = samples.filter((x) => pickDiscard(m, x.rows.map((_, i) => i), x.rows) === x.label).length;
    return { ...m, trained_on: { ...m.trained_on, accuracy: Math.round((hit / Math.max(1, samples.length)) * 10000) / 10000 } };
  };
  const discardModel = withAccuracy(averageModels(seeds.map((seed) => trainReviewModel(discards, { hidden: 48, epochs: 20, rate: 0.05, seed, logs: logs.length }))), discards);
  const callModel = withAccuracy(averageModels(seeds.map((seed) => trainReviewModel(calls, { hidden: 16, epochs: 15, rate: 0.05, seed, logs: logs.length, features: CALL_FEATURES }))), calls);
  mkdirSync(trainOut, { recursive: true });
  writeFileAtomic(join(trainOut, 'review-discard.json'), `${JSON.stringify(discardModel, null, 1)}\n`);
  writeFileAtomic(join(trainOut, 'review-calls.json'), `${JSON.stringify(callModel, null, 1)}\n`);
  console.log(`trained on ${logs.length} logs: ${discards.length} discards (${(discardModel.trained_on.accuracy * 100).toFixed(1)} % on them), ${calls.length} call decisions (${(callModel.trained_on.accuracy * 100).toFixed(1)} %) → ${trainOut}`);
  process.exit(0);
}

const all: ReviewDecision[] = [];
let baseN = 0, baseAgree = 0, baseRiichiN = 0, baseRiichiAgree = 0;
for (const { paipu } of logs) {
  all.push(...reviewGame(paipu).decisions);
  for (const d of analyseGame(paipu).decisions) {
    if (d.agrees === null) continue;
    baseN++; if (d.agrees) baseAgree++;
    if (d.played?.riichi || d.ai.riichi) { baseRiichiN++; if (d.agrees) baseRiichiAgree++; }
  }
}

const pct = (a: number, n: number) => (n ? `${((100 * a) / n).toFixed(1)} %` : '—');
const agreeOf = (ds: ReviewDecision[]) => `${pct(ds.filter((d) => d.agrees).length, ds.length)} of ${ds.length}`;
console.log(`${logs.length} distinct logs (${set}) from ${dir}`);
console.log(`review (strong): overall ${agreeOf(all)}`);
for (const kind of ['discard', 'riichi', 'win', 'call'] as const) console.log(`  ${kind.padEnd(8)} ${agreeOf(all.filter((d) => d.kind === kind))}`);
const riichi = all.filter((d) => d.kind === 'riichi');
const flag = riichi.filter((d) => d.options[d.engine.option]!.riichi === d.options[d.played.option]!.riichi).length;
console.log(`  riichi-or-dama alone on riichi decisions: ${pct(flag, riichi.length)} of ${riichi.length}`);
const declared = riichi.filter((d) => d.options[d.played.option]!.riichi);
console.log(`  where the player declared riichi: ${agreeOf(declared)}`);
console.log(`baseline (replay analysis, own-turn moves): ${pct(baseAgree, baseN)} of ${baseN}; riichi by either ${pct(baseRiichiAgree, baseRiichiN)} of ${baseRiichiN}`);
console.log(`ratio review/baseline overall: ${((all.filter((d) => d.agrees).length / all.length) / (baseAgree / baseN)).toFixed(3)}`);
