import { StrongAgent } from '../../../../src/engine/ai';
import { formatTiles } from '../../../../src/engine/notation';
import { shanten } from '../../../../src/engine/shanten';
import { scenario } from '../../table/_scenario';
const random = (seed: number) => () => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed / 2 ** 32; };
const rnd = random(12345);
const others = ['1199p99s2233445z', '1199p11m4556667z', '999m888p888s1122z'];
const used = [0,0,0,0,0,0,0,0,2, 0,0,0,0,0,0,0,3,4, 0,0,0,0,0,0,0,3,4, 4,4,2,2,2,2,2];
// counts used by others: 9m x3? compute roughly below from parse
import { parseKinds } from '../../../../src/engine/notation';
const taken = new Array(34).fill(0);
for (const h of others) for (const k of parseKinds(h)) taken[k]++;
taken[33]++; // dora 7z
let found = 0;
for (let tries = 0; tries < 4000 && found < 6; tries++) {
  const c = new Array(34).fill(0);
  let n = 0;
  while (n < 14) { const k = Math.floor(rnd() * 27); if (c[k] + taken[k] < 4) { c[k]++; n++; } }
  if (shanten(c, 0) !== 2) continue;
  const tiles: number[] = [];
  for (let k = 0; k < 34; k++) for (let i = 0; i < c[k]; i++) tiles.push(k);
  const draw = tiles.splice(Math.floor(rnd() * 14), 1)[0]!;
  const hand = tiles.map((k) => k < 27 ? `${k % 9 + 1}${'mps'[Math.floor(k / 9)]}` : `${k - 26}z`).join('');
  const drawText = draw < 27 ? `${draw % 9 + 1}${'mps'[Math.floor(draw / 9)]}` : `${draw - 26}z`;
  let g;
  try { g = scenario({ hands: [hand, ...others] as [string, string, string, string], draws: drawText, dora: '7z' }); } catch { continue; }
  const view = g.stateView(0);
  const d = new StrongAgent('d').decide(view);
  const ap = new StrongAgent('a', { handEv: 2, evMargin: 10, evApprox: 1.6 }).decide(view);
  const ex = new StrongAgent('e', { handEv: 2, evMargin: 10 }).decide(view);
  const one = new StrongAgent('o', { handEv: 1, evMargin: 5 }).decide(view);
  if (d !== ap && ap === ex) { found++; console.log(formatTiles(view.players[0]!.hand as number[]), 'draw', drawText, 'default', d, 'approx', ap, 'exact', ex, 'one5', one); }
}
