import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BadArgument, writeFileAtomic } from '@devhub/shared';
import { defineCommand } from 'citty';
import { DEFAULT_BOT_TIMEOUT_MS, type SeatPlayer, playWithBots } from '../mjai/table';
import { botTransport, dialectNamed, MJAI_PROTOCOL_HELP } from '../mjai/dialect';
import { ClassicAnnotator } from '../mjai/classic';
import { agentFactory } from './_agents';

/** `mjai:<command>` or `mjai:ws://…`: an external bot plays the seat. */
const MJAI_PREFIX = 'mjai:';
const isMjai = (k: string) => k.startsWith(MJAI_PREFIX);
/** The built-in AI that takes over from a bot that fails. */
const MJAI_FALLBACK = 'strong';
import { playGame } from '../engine/sim/play';
import { addGame, emptyStats, type SimStats } from '../engine/sim/stats';

const pct = (n: number, d: number) => (d === 0 ? '0.0' : ((100 * n) / d).toFixed(1));

function report(s: SimStats, seconds: number): string {
  const lines = [
    `games: ${s.games} in ${seconds.toFixed(2)} s (${(s.games / seconds).toFixed(1)} games/s)`,
    `hands: ${s.hands} (${(s.hands / Math.max(1, s.games)).toFixed(2)} per game)`,
    `wins: ${pct(s.wins, s.hands)}% (tsumo ${pct(s.tsumo, s.hands)}%, ron ${pct(s.ron, s.hands)}%), exhaustive draws: ${pct(s.draws, s.hands)}%, abortive: ${pct(s.abortive, s.hands)}%`,
    '',
  ];
  const width = Math.max(12, ...Object.keys(s.placements).map((n) => n.length + 1));
  lines.push(`${'AI'.padEnd(width)} seats   1st    2nd    3rd    4th    avg place  avg points`);
  for (const [name, r] of Object.entries(s.placements)) {
    const avg = r.places.reduce((a, n, i) => a + n * (i + 1), 0) / Math.max(1, r.seats);
    lines.push(`${name.padEnd(width)} ${String(r.seats).padStart(5)}  ${r.places.map((n) => `${pct(n, r.seats).padStart(5)}%`).join(' ')}  ${avg.toFixed(3).padStart(9)}  ${(r.points / Math.max(1, r.seats)).toFixed(2).padStart(10)}`);
  }
  return lines.join('\n');
}

export default defineCommand({
  meta: { name: 'simulate', description: 'Play full games between AI players headless and report statistics' },
  args: {
    games: { type: 'string', default: '10', description: 'Number of games' },
    ai: { type: 'string', default: 'random', description: 'random | heuristic | strong | policy | mjai:<command> | model file (mahjong-heuristic-v1 or mahjong-policy-v1); comma list for the four seats' },
    seed: { type: 'string', default: '1', description: 'Seed of the first game (game i uses seed + i)' },
    out: { type: 'string', description: 'Write each game as mjlog XML into this directory' },
    'east-only': { type: 'boolean', description: 'Play East-only games instead of East-South' },
    seat: { type: 'string', description: 'N=AI for one seat (repeatable), e.g. --seat "1=mjai:python3 bot.py" or --seat 2=mjai:ws://host:port' },
    'possible-actions': { type: 'boolean', description: 'Send mjai bots the classic server\'s possible_actions, cannot_dahai and scores with the events' },
    'mjai-protocol': { type: 'string', default: 'mjai', description: MJAI_PROTOCOL_HELP },
    'bot-timeout': { type: 'string', default: String(DEFAULT_BOT_TIMEOUT_MS), description: 'Milliseconds an mjai bot may take per answer before the built-in AI replaces it' },
  },
  async run({ args, rawArgs }) {
    try {
      await simulate({ ...args, seats: seatFlags(rawArgs) });
    } catch (e) {
      throw new BadArgument(`mahjong simulate: ${(e as Error).message}`);
    }
  },
});

interface SimArgs { games: string; ai: string; seed: string; out?: string; 'east-only'?: boolean; seats: string[]; 'bot-timeout': string; 'possible-actions'?: boolean; 'mjai-protocol': string }

/** Every `--seat X` / `--seat=X` (citty keeps only the last of a repeated flag). */
function seatFlags(raw: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '--seat' && raw[i + 1] !== undefined) out.push(raw[++i]!);
    else if (raw[i]!.startsWith('--seat=')) out.push(raw[i]!.slice('--seat='.length));
  }
  return out;
}

async function simulate(args: SimArgs): Promise<void> {
  const games = Number(args.games);
  const seed = Number(args.seed);
  if (!Number.isInteger(games) || games < 1) throw new Error(`--games must be a positive integer, got "${args.games}"`);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got "${args.seed}"`);
  const kinds = args.ai.split(',').map((x) => x.trim());
  if (kinds.length !== 1 && kinds.length !== 4) throw new Error('--ai takes one AI or four, comma separated');
  const seats = kinds.length === 1 ? [kinds[0]!, kinds[0]!, kinds[0]!, kinds[0]!] : kinds;
  for (const flag of args.seats) {
    const m = /^([0-3])=(.+)$/s.exec(flag);
    if (!m) throw new Error(`--seat takes N=AI with N 0–3, got "${flag}"`);
    seats[Number(m[1])] = m[2]!.trim();
  }
  const timeoutMs = Number(args['bot-timeout']);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new Error(`--bot-timeout must be a positive integer (ms), got "${args['bot-timeout']}"`);
  const dialect = dialectNamed(args['mjai-protocol']);
  const agentFor = agentFactory(seats.filter((k) => !isMjai(k)));
  if (args.out) {
    try { mkdirSync(args.out, { recursive: true }); } catch (e) {
      const code = (e as { code?: string }).code;
      throw new Error(`--out ${args.out}: ${code === 'EEXIST' || code === 'ENOTDIR' ? 'a file is in the way; --out takes a directory' : (e as Error).message}`);
    }
  }
  const stats = emptyStats();
  const tty = process.stderr.isTTY;
  const started = performance.now();
  for (let i = 0; i < games; i++) {
    const names = seats.map((k) => (isMjai(k) ? k : ''));
    const agents = seats.map((k, s) => agentFor(isMjai(k) ? MJAI_FALLBACK : k, (seed + i) * 4 + s + 1));
    for (const [s, a] of agents.entries()) if (!names[s]) names[s] = a.name;
    const options = { seed: seed + i, maxRound: args['east-only'] ? 0 as const : 1 as const, names: names.map((n, s) => `${n}-${s}`) };
    let game;
    if (seats.some(isMjai)) {
      const players: SeatPlayer[] = seats.map((k, s) => (isMjai(k) ? { bot: botTransport(k.slice(MJAI_PREFIX.length), dialect, s), fallback: agents[s]!, dialect, ...(args['possible-actions'] ? { annotator: new ClassicAnnotator(s) } : {}) } : { agent: agents[s]! }));
      const gameNo = seed + i;
      ({ game } = await playWithBots(players, options, {
        timeoutMs,
        onReplaced: (e) => process.stderr.write(`${tty ? '\n' : ''}game ${gameNo}: seat ${e.seat} ${e.bot} replaced by ${e.by} (${e.reason}: ${e.message})\n`),
      }));
    } else game = playGame(agents, options);
    addGame(stats, game, names);
    if (args.out) await writeFileAtomic(join(args.out, `game-${String(seed + i).padStart(6, '0')}.mjlog`), game.toMjlog());
    if (tty && (i % 10 === 9 || i === games - 1)) {
      const done = Math.round((30 * (i + 1)) / games);
      process.stderr.write(`\r[${'#'.repeat(done)}${'.'.repeat(30 - done)}] ${i + 1}/${games}`);
    }
  }
  if (tty) process.stderr.write('\n');
  process.stdout.write(`${report(stats, (performance.now() - started) / 1000)}\n`);
}
