import { StrongAgent } from '../../../src/engine/ai';
import { formatTiles } from '../../../src/engine/notation';
import { facingRiichi } from './_facing-riichi';
import { idx } from '../table/_scenario';
const hands: [string, string, string][] = [['35678m234p13457s', '4s', '7z'], ['35678m234p1345s7z', '4s', '7z'], ['3568m2348p1345s7z', '4s', '7z'], ['3568m234p13458s7z', '4s', '7z'], ['3578m234p13458s7z', '4s', '7z'], ['3578m245p13458s7z', '4s', '6s'], ['13578m245p1458s7z', '4s', '6s']];
const scoresSets = [[27000,15000,28000,30000],[29000,15000,30000,26000],[29000,16000,30000,25000],[31000,18000,30000,21000],[30000,25000,20000,25000],[26000,22000,30000,22000]];
const names = Object.fromEntries(Array.from({length: 37}, (_, a) => [a, a]));
for (const [h, d, dora] of hands) for (const left of [40, 28]) for (const round of [7, 6, 0]) for (const sc of scoresSets) {
  const view = facingRiichi(h, d, dora, left);
  view.game.round = round;
  view.players.forEach((p, s) => { p.score = sc[s]!; });
  const a = new StrongAgent('a', {}).decide(view);
  const b = new StrongAgent('b', { placeSense: 7 }).decide(view);
  if (a !== b) console.log(h + '+' + d, 'left', left, 'round', round, sc.join('/'), 'old', a, 'place', b, 'genbutsu 2p=', idx('2p'));
}
