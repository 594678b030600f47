/**
 * The review engine's riichi-or-dama model (mahjong/src/modules/review/riichi-model.ts): every turn
 * of the Houou fixture logs where the player could declare riichi, labelled with whether they did.
 * Trained on one half (bench/houou-logs.ts) and measured on the other, both ways, beside the rule
 * it replaces (the strong AI's `hououDama` answer for the same tenpai discard).
 * `--write DIR` trains on the tuning half (`--set heldout`: the other) and writes DIR/review-riichi.json
 * (the shipped one: `--write mahjong/models`, byte for byte).
 *
 * Run: bun bench/mahjong-riichi-fit.ts [--epochs 400] [--rate 0.5] [--l2 0.03] [--write DIR [--set tune|heldout]]
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../shared/src';
import { StrongAgent } from '../mahjong/src/engine/ai';
import { A } from '../mahjong/src/engine/table/actions';
import type { StateView } from '../mahjong/src/engine/game/view-schema';
import { forEachDecision, REVIEW_STRONG } from '../mahjong/src/modules/review/review';
import { riichiChance, riichiFeatures, type RiichiSample, trainRiichiModel } from '../mahjong/src/modules/review/riichi-model';
import { arg } from './cli-args';
import { hououLogs, type LogSet } from './houou-logs';

const epochs = Number(arg('epochs', '400')), rate = Number(arg('rate', '0.5')), l2 = Number(arg('l2', '0.03'));
const writeDir = arg('write', '');
const trainSet = arg('set', 'tune') as 'tune' | 'heldout';

interface Row extends RiichiSample { rule: boolean }
const agent = new StrongAgent('strong', REVIEW_STRONG);

/** The rule's answer: the strong AI's stage-2 riichi question for the first tenpai discard it would make. */
function ruleSays(view: StateView): boolean {
  const action = agent.decide(view);
  const tile = view.riichi_tiles.includes(action) ? action : view.riichi_tiles[0]!;
  const mask = new Array<boolean>(54).fill(false);
  mask[A.RIICHI] = true;
  mask[A.RIICHI_CANCEL] = true;
  return agent.decide({ ...view, riichi_stage2: true, riichi_tile: tile, valid_actions: [A.RIICHI, A.RIICHI_CANCEL], valid_actions_mask: mask }) === A.RIICHI;
}

function rows(set: LogSet): { rows: Row[]; logs: number } {
  const logs = hououLogs(set);
  const out: Row[] = [];
  for (const { paipu } of logs) {
    const last: (Row | null)[] = [null, null, null, null];
    forEachDecision(paipu, (view, _k, seat) => {
      const x = view.phase < 4 ? riichiFeatures(view) : null;
      last[seat] = x ? { x, riichi: false, rule: ruleSays(view) } : null;
      if (last[seat]) out.push(last[seat]!);
    }, (seat, declared) => { if (declared && last[seat]) last[seat]!.riichi = true; });
  }
  return { rows: out, logs: logs.length };
}

const pct = (a: number, n: number) => `${((100 * a) / Math.max(1, n)).toFixed(1)} %`;
const halves = { tune: rows('tune'), heldout: rows('heldout') };
for (const [train, test] of [['tune', 'heldout'], ['heldout', 'tune']] as const) {
  const model = trainRiichiModel(halves[train].rows, { epochs, rate, l2, logs: halves[train].logs });
  const t = halves[test].rows;
  const byModel = t.filter((r) => (riichiChance(model, r.x) >= 0.5) === r.riichi).length;
  const byRule = t.filter((r) => r.rule === r.riichi).length;
  const declared = t.filter((r) => r.riichi).length;
  console.log(`trained on ${train} (${halves[train].rows.length}, ${pct(model.trained_on.accuracy * 1000, 1000)} on them), measured on ${test}: model ${pct(byModel, t.length)}, rule ${pct(byRule, t.length)} of ${t.length} (declared ${pct(declared, t.length)})`);
}
if (writeDir) {
  const model = trainRiichiModel(halves[trainSet].rows, { epochs, rate, l2, logs: halves[trainSet].logs });
  writeFileAtomic(join(writeDir, 'review-riichi.json'), `${JSON.stringify(model, null, 1)}\n`);
  console.log(`→ ${join(writeDir, 'review-riichi.json')}`);
}
