import { defineCommand } from 'citty';
import { arenaTable, playArena } from '../engine/sim/arena';
import { agentFactory } from './_agents';
import { BadArgument } from '@devhub/shared';

export default defineCommand({
  meta: { name: 'arena', description: 'Duplicate matches: the same walls played with the contestants rotated through all seats' },
  args: {
    ai: { type: 'string', default: 'strong,heuristic', description: 'Two AIs (the first against three copies of the second) or four, comma separated' },
    games: { type: 'string', default: '400', description: 'Hanchan to play, a multiple of 4 (each wall is played 4 times)' },
    seed: { type: 'string', default: '1', description: 'Seed of the first wall (wall i uses seed + i)' },
    'east-only': { type: 'boolean', description: 'Play East-only games instead of East-South' },
    json: { type: 'boolean', description: 'Print the report (and no progress) as JSON' },
  },
  run({ args }) {
    try {
      arena(args);
    } catch (e) {
      throw new BadArgument(`mahjong arena: ${(e as Error).message}`);
    }
  },
});

interface ArenaArgs { ai: string; games: string; seed: string; 'east-only'?: boolean; json?: boolean }

function arena(args: ArenaArgs): void {
  const games = Number(args.games);
  const seed = Number(args.seed);
  if (!Number.isInteger(games) || games < 4 || games % 4 !== 0) throw new Error(`--games must be a positive multiple of 4, got "${args.games}"`);
  if (!Number.isInteger(seed) || seed < 0) throw new Error(`--seed must be a non-negative integer, got "${args.seed}"`);
  const names = args.ai.split(',').map((x) => x.trim());
  if ((names.length !== 2 && names.length !== 4) || names.some((n) => n === '')) throw new Error('--ai takes two AIs (one against three of the other) or four, comma separated');
  const lineup = names.length === 2 ? [names[0]!, names[1]!, names[1]!, names[1]!] : names;
  const make = agentFactory(lineup);
  const tty = !args.json && process.stderr.isTTY;
  const { report } = playArena({
    lineup, walls: games / 4, seed, maxRound: args['east-only'] ? 0 : 1,
    agent: (name, salt) => make(name, salt),
    onGame: tty ? (done, total) => {
      if (done % 8 === 0 || done === total) process.stderr.write(`\r${done}/${total} games`);
    } : undefined,
  });
  if (tty) process.stderr.write('\n');
  process.stdout.write(args.json ? `${JSON.stringify(report, null, 2)}\n` : `${arenaTable(report)}\n`);
}
