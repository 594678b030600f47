/**
 * Fits the strong AI's learned opponent model (mahjong/src/engine/ai/strong/danger-model.ts) on
 * full-information play (bench/danger-fit-data.ts) and compares it, on held-out games (every fifth),
 * with today's reading (danger.ts threatOf's tenpai guess × the measured shape count, push-fold.ts):
 * log-loss and calibration of P(tenpai) for seats not in riichi, of P(wait | tenpai), and of the
 * unconditional deal-in of each kind the chooser holds. Logistic models by Newton steps (a few
 * dozen weights: exact and deterministic), the value model by least squares.
 *
 * Run: bun bench/mahjong-danger-fit.ts [--games 600] [--seed 900001] [--write mahjong/models/strong-danger.json]
 */
import { writeFileAtomic } from '../shared/src/atomic-write';
import { sigmoid, TENPAI_FEATURES, VALUE_FEATURES, WAIT_FEATURES, type DangerModel } from '../mahjong/src/engine/ai/strong/danger-model';
import { arg } from './cli-args';
import { collect, type Rows } from './danger-fit-data';

/** Solves A x = b (small, dense) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * x[k]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}

/** Logistic regression on the training rows, ridge `lambda` (bias included: the fit is small). */
export function fitLogistic(rows: Rows, lambda = 1, steps = 25): number[] {
  const d = rows.width;
  let w = new Array<number>(d).fill(0);
  for (let s = 0; s < steps; s++) {
    const g = new Array<number>(d).fill(0);
    const h = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (let i = 0; i < rows.length; i++) {
      if (rows.held[i]) continue;
      const o = i * d;
      let z = 0;
      for (let j = 0; j < d; j++) z += w[j]! * rows.x[o + j]!;
      const p = sigmoid(z), e = p - rows.y[i]!, v = p * (1 - p);
      for (let j = 0; j < d; j++) {
        const xj = rows.x[o + j]!;
        if (xj === 0) continue;
        g[j]! += e * xj;
        const hj = h[j]!;
        for (let k = j; k < d; k++) hj[k]! += v * xj * rows.x[o + k]!;
      }
    }
    for (let j = 0; j < d; j++) { g[j]! += lambda * w[j]!; h[j]![j]! += lambda; for (let k = 0; k < j; k++) h[j]![k] = h[k]![j]!; }
    const step = solve(h, g);
    w = w.map((x, j) => x - step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-7) break;
  }
  return w;
}

/** Least squares on the training rows, ridge `lambda`. */
export function fitLinear(rows: Rows, lambda = 1): number[] {
  const d = rows.width;
  const a = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  const b = new Array<number>(d).fill(0);
  for (let i = 0; i < rows.length; i++) {
    if (rows.held[i]) continue;
    const o = i * d;
    for (let j = 0; j < d; j++) { b[j]! += rows.x[o + j]! * rows.y[i]!; for (let k = 0; k < d; k++) a[j]![k]! += rows.x[o + j]! * rows.x[o + k]!; }
  }
  for (let j = 0; j < d; j++) a[j]![j]! += lambda;
  return solve(a, b);
}

const round = (w: number[]) => w.map((x) => Math.round(x * 1e4) / 1e4);
const predict = (w: number[], rows: Rows, i: number) => { let z = 0; for (let j = 0; j < rows.width; j++) z += w[j]! * rows.x[i * rows.width + j]!; return sigmoid(z); };

function logLoss(ps: number[], ys: number[]): number {
  let s = 0;
  for (let i = 0; i < ps.length; i++) { const p = Math.min(1 - 1e-4, Math.max(1e-4, ps[i]!)); s -= ys[i] ? Math.log(p) : Math.log(1 - p); }
  return s / ps.length;
}

function calibration(label: string, ps: number[], ys: number[], edges: number[]): void {
  const cells: string[] = [];
  for (let b = 0; b + 1 < edges.length; b++) {
    let n = 0, p = 0, y = 0;
    for (let i = 0; i < ps.length; i++) if (ps[i]! >= edges[b]! && ps[i]! < edges[b + 1]!) { n++; p += ps[i]!; y += ys[i]!; }
    if (n > 0) cells.push(`[${edges[b]}–${edges[b + 1]}) n ${n} pred ${(p / n).toFixed(3)} real ${(y / n).toFixed(3)}`);
  }
  console.log(`  ${label}:\n    ${cells.join('\n    ')}`);
}

function compare(label: string, model: number[], today: number[], ys: number[], edges: number[]): void {
  console.log(`${label}: ${ys.length} held-out rows, log-loss model ${logLoss(model, ys).toFixed(4)} today ${logLoss(today, ys).toFixed(4)}`);
  calibration('model', model, ys, edges);
  calibration('today', today, ys, edges);
}

/** Collects, fits and prints the comparison; returns the model. */
export function fitModel(games: number, seed: number, quiet = false): DangerModel {
  const started = performance.now();
  const data = collect(games, seed);
  const model: DangerModel = { tenpai: round(fitLogistic(data.tenpai)), wait: round(fitLogistic(data.wait)), value: round(fitLinear(data.value)) };
  if (quiet) return model;
  console.log(`${games} hanchan (one strong, three strong-v1; seed ${seed}), ${data.tenpai.length} tenpai rows, ${data.wait.length} wait rows, ${data.value.length} value rows, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  const held = (rows: Rows) => rows.held.map((h, i) => (h ? i : -1)).filter((i) => i >= 0);
  const tp = held(data.tenpai);
  compare('P(tenpai), seats not in riichi (today: threatOf, 0 for a seat it does not read)', tp.map((i) => predict(model.tenpai, data.tenpai, i)), tp.map((i) => data.tenpai.today[i]!), tp.map((i) => data.tenpai.y[i]!), [0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.01]);
  const wp = held(data.wait);
  compare('P(wait | tenpai) (today: measured shape count 2d+0.004)', wp.map((i) => predict(model.wait, data.wait, i)), wp.map((i) => Math.min(1, 2 * data.wait.today[i]! + 0.004)), wp.map((i) => data.wait.y[i]!), [0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 1.01]);
  const dealIn = data.dealIn;
  const pm = dealIn.map((r) => {
    if (!r.waitRow) return 0;
    const tenpai = r.tenpaiModel === -2 ? 1 : predict(model.tenpai, data.tenpai, r.tenpaiModel);
    let z = 0;
    for (let j = 0; j < model.wait.length; j++) z += model.wait[j]! * r.waitRow[j]!;
    return tenpai * sigmoid(z);
  });
  const edges = [0, 0.005, 0.01, 0.02, 0.04, 0.07, 0.1, 0.2, 1.01];
  compare('P(deal-in), every opponent and kind held', pm, dealIn.map((r) => r.today), dealIn.map((r) => r.y), edges);
  for (const [name, keep] of [['riichi', (r: typeof dealIn[number]) => r.riichi], ['open, not riichi', (r: typeof dealIn[number]) => !r.riichi && r.open > 0], ['closed, not riichi (dama)', (r: typeof dealIn[number]) => !r.riichi && r.open === 0]] as const) {
    const idx = dealIn.map((r, i) => (keep(r) ? i : -1)).filter((i) => i >= 0);
    const ys = idx.map((i) => dealIn[i]!.y);
    console.log(`  ${name}: ${idx.length} rows, ${ys.reduce((a, b) => a + b, 0)} deal-ins; log-loss model ${logLoss(idx.map((i) => pm[i]!), ys).toFixed(4)} today ${logLoss(idx.map((i) => dealIn[i]!.today), ys).toFixed(4)}`);
  }
  const vp = held(data.value);
  let errM = 0, errMT = 0, errT = 0, read = 0;
  for (const i of vp) {
    let v = 0;
    for (let j = 0; j < model.value.length; j++) v += model.value[j]! * data.value.x[i * data.value.width + j]!;
    errM += Math.abs(v - data.value.y[i]!);
    if (data.value.today[i]! > 0) { read++; errMT += Math.abs(v - data.value.y[i]!); errT += Math.abs(data.value.today[i]! - data.value.y[i]!); }
  }
  console.log(`value of a deal-in (thousands): ${vp.length} held-out wins, mean absolute error model ${(errM / vp.length).toFixed(2)}; on the ${read} of them danger.ts reads as threats, model ${(errMT / read).toFixed(2)} today (threatOf's loss) ${(errT / read).toFixed(2)}`);
  const named = (names: readonly string[], w: number[]) => names.map((n, i) => `${n} ${w[i]}`).join(', ');
  console.log(`\ntenpai: ${named(TENPAI_FEATURES, model.tenpai)}\nwait: ${named(WAIT_FEATURES, model.wait)}\nvalue: ${named(VALUE_FEATURES, model.value)}`);
  return model;
}

if (import.meta.main) {
  const games = Number(arg('games', '600'));
  const seed = Number(arg('seed', '900001'));
  const model = fitModel(games, seed);
  const out = arg('write', '');
  if (out) {
    writeFileAtomic(out, `${JSON.stringify({ format: 'strong-danger-v1', games, seed, ...model })}\n`);
    console.log(`wrote ${out}`);
  }
}
