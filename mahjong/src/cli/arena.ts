import { availableParallelism } from 'node:os';
import { defineCommand } from 'citty';
import { arenaTable } from '../engine/sim/arena';
import { loadMjaiBots, type MjaiBots } from '../mjai/config';
import { DEFAULT_BOT_TIMEOUT_MS } from '../mjai/table';
import { dialectNamed, MJAI_PROTOCOL_HELP } from '../mjai/dialect';
import { runArena } from '../arena/run';
import { dataDir } from '../modules/backend/paths';
import { hideCredentials } from '../modules/ladder/credentials';
import { publishRun, runOfArena } from '../modules/ladder/runs';
import { BadArgument } from '@devhub/shared';

export default defineCommand({
  meta: { name: 'arena', description: 'Duplicate matches: the same walls played with the contestants rotated through all seats' },
  args: {
    ai: { type: 'string', default: 'strong,heuristic', description: 'Two contestants (the first against three copies of the second) or four, comma separated: random | heuristic | strong | policy | model file | mjai:<command> | mjai:ws://… | a bot named in --bots' },
    games: { type: 'string', default: '400', description: 'Hanchan to play, a multiple of 4 (each wall is played 4 times)' },
    seed: { type: 'string', default: '1', description: 'Seed of the first wall (wall i uses seed + i)' },
    'east-only': { type: 'boolean', description: 'Play East-only games instead of East-South' },
    jobs: { type: 'string', default: '1', description: 'Worker threads playing walls in parallel ("auto" = one per core); the report is the same for any number' },
    bots: { type: 'string', description: 'YAML/JSON bots file (as mahjong serve --bots): its bot names may be contestants' },
    'bot-timeout': { type: 'string', default: String(DEFAULT_BOT_TIMEOUT_MS), description: 'Milliseconds an mjai bot may take per answer before the strong AI replaces it for that game (such games are counted as replacedGames, the command then exits 1 and --publish refuses)' },
    'possible-actions': { type: 'boolean', description: 'Send mjai bots the classic server\'s possible_actions, cannot_dahai and scores' },
    'mjai-protocol': { type: 'string', default: 'mjai', description: MJAI_PROTOCOL_HELP },
    json: { type: 'boolean', description: 'Print the report (and no progress) as JSON' },
    publish: { type: 'boolean', description: 'Also publish the figures to the ladder of the data directory (mahjong ladder, /ladder)' },
    'data-dir': { type: 'string', description: 'With --publish: state directory (env MAHJONG_DIR, default ~/.mahjong)' },
  },
  async run({ args }) {
    try {
      await arena(args);
    } catch (e) {
      throw new BadArgument(`mahjong arena: ${(e as Error).message}`);
    }
  },
});

interface ArenaArgs {
  ai: string; games: string; seed: string; 'east-only'?: boolean; json?: boolean; jobs: string; bots?: string; 'bot-timeout': string; 'possible-actions'?: boolean; 'mjai-protocol': string;
  publish?: boolean; 'data-dir'?: string;
}

async function arena(args: ArenaArgs): Promise<void> {
  const games = Number(args.games);
  const seed = Number(args.seed);
  if (!Number.isInteger(games) || games < 4 || games % 4 !== 0) throw new Error(`--games must be a positive multiple of 4, got "${args.games}"`);
  if (!Number.isInteger(seed) || seed < 0) throw new Error(`--seed must be a non-negative integer, got "${args.seed}"`);
  const jobs = args.jobs === 'auto' ? availableParallelism() : Number(args.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256) throw new Error(`--jobs must be an integer 1-256 or "auto", got "${args.jobs}"`);
  const botTimeoutMs = Number(args['bot-timeout']);
  if (!Number.isInteger(botTimeoutMs) || botTimeoutMs < 1) throw new Error(`--bot-timeout must be a positive integer (ms), got "${args['bot-timeout']}"`);
  const names = args.ai.split(',').map((x) => x.trim());
  if ((names.length !== 2 && names.length !== 4) || names.some((n) => n === '')) throw new Error('--ai takes two contestants (one against three of the other) or four, comma separated');
  const lineup = names.length === 2 ? [names[0]!, names[1]!, names[1]!, names[1]!] : names;
  let bots: MjaiBots | undefined;
  if (args.bots) bots = loadMjaiBots(args.bots);
  const tty = !args.json && process.stderr.isTTY;
  const { report, records } = await runArena({
    lineup, walls: games / 4, seed, jobs, names: [...new Set(lineup)], bots, botTimeoutMs,
    possibleActions: args['possible-actions'], protocol: dialectNamed(args['mjai-protocol']), maxRound: args['east-only'] ? 0 : 1,
    onGame: (done, total, r) => {
      if (r.replaced) process.stderr.write(`${tty ? '\n' : ''}wall ${r.seed} rotation ${r.rotation}: ${hideCredentials(r.replaced.join('; '))} (the strong AI played on)\n`);
      if (tty && (done % 8 === 0 || done === total)) process.stderr.write(`\r${done}/${total} games`);
    },
  });
  if (tty) process.stderr.write('\n');
  process.stdout.write(args.json ? `${JSON.stringify(report, null, 2)}\n` : `${arenaTable(report)}\n`);
  if (report.replacedGames > 0) {
    // The report is printed, but a script must not take it for the bots' own figures.
    process.stderr.write(`${report.replacedGames} game(s) had an mjai bot replaced by the strong AI: the figures are not the bot's own (exit code 1)\n`);
    process.exitCode = 1;
  }
  if (args.publish) {
    const label = `mahjong arena --ai ${args.ai} --games ${games} --seed ${seed}${args['east-only'] ? ' --east-only' : ''}`;
    const path = publishRun(dataDir(args['data-dir']), runOfArena(report, { label, seed, eastOnly: args['east-only'] === true }));
    process.stderr.write(`published to the ladder: ${path}\n`);
  }
}
