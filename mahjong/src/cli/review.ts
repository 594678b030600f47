/**
 * `mahjong review <log file | game id>`: every decision of a game valued option by option, the
 * engine's choice against the player's, mistakes by severity, agreement and rating per seat.
 */
import { existsSync, readFileSync } from 'node:fs';
import { AppError, BadArgument, writeFileAtomic } from '@devhub/shared';
import { defineCommand } from 'citty';
import { mjlogText } from '../engine/mjlog/gzip';
import { parseMjlog } from '../engine/mjlog/parse';
import type { Paipu } from '../engine/paipu';
import { parseLogText } from '../formats';
import { reviewWithEngine } from '../modules/review/engines';
import { dialectNamed, MJAI_PROTOCOL_HELP } from '../mjai/dialect';
import { reviewHtml, reviewText } from '../modules/review/render';
import { findGame, storeArgs, withStore } from './games';

async function paipuOf(source: string, args: Record<string, unknown>): Promise<{ paipu: Paipu; title: string }> {
  if (existsSync(source)) return { paipu: parseLogText(await mjlogText(new Uint8Array(readFileSync(source)))).paipu, title: source };
  // A path (a folder or a log's extension) that is not there is a missing file, not a game id.
  if (/[/\\]|\.(xml|mjlog|gz|json|jsonl|ndjson|mjai|log|txt)$/i.test(source)) throw new AppError('FILE_NOT_FOUND', 404, `no such log file: ${source}`);
  return withStore(args, async (store) => {
    const g = await findGame(store, source);
    return { paipu: parseMjlog(g.mjlog), title: `game ${g.id}` };
  });
}

export default defineCommand({
  meta: { name: 'review', description: 'Review a game: every decision valued, the engine\'s choice against the player\'s, mistakes and a rating per seat' },
  args: {
    source: { type: 'positional', required: true, description: 'A log file (Tenhou XML plain or gzip, tenhou.net/6, mjai) or the id (4+ characters) of a game `serve` stored' },
    seat: { type: 'string', description: 'Review this seat only (0–3)' },
    all: { type: 'boolean', description: 'Review all four seats (the default), and list every disagreement in the text output' },
    engine: { type: 'string', default: 'strong', description: 'Who chooses: strong (built in) or mjai:<command> / mjai:ws://… (an mjai bot asked at every decision)' },
    json: { type: 'boolean', description: 'Print the report as JSON' },
    html: { type: 'string', description: 'Write the report as a self-contained HTML page to this file' },
    'bot-timeout': { type: 'string', description: 'Milliseconds an mjai bot may take per answer (default 10000)' },
    'mjai-protocol': { type: 'string', default: 'mjai', description: MJAI_PROTOCOL_HELP },
    ...storeArgs,
  },
  async run({ args }) {
    let seats: number[] | undefined;
    if (args.seat !== undefined) {
      const s = String(args.seat).trim() === '' ? Number.NaN : Number(args.seat);
      if (!Number.isInteger(s) || s < 0 || s > 3) throw new BadArgument(`--seat must be 0, 1, 2 or 3, got "${args.seat}"`);
      seats = [s];
    }
    const engine = String(args.engine);
    if (engine !== 'strong' && !(engine.startsWith('mjai:') && engine.slice(5).trim())) throw new BadArgument(`--engine must be strong or mjai:<command>, got "${engine}"`);
    const timeout = args['bot-timeout'] === undefined ? undefined : Number(args['bot-timeout']);
    if (timeout !== undefined && !(Number.isInteger(timeout) && timeout > 0)) throw new BadArgument(`--bot-timeout must be a positive whole number of ms, got "${args['bot-timeout']}"`);
    let protocol;
    try { protocol = dialectNamed(String(args['mjai-protocol'])); } catch (e) { throw new BadArgument(`--mjai-protocol: ${(e as Error).message}`); }
    const { paipu, title } = await paipuOf(String(args.source), args);
    const report = await reviewWithEngine(paipu, engine, { ...(seats ? { seats } : {}), ...(timeout ? { timeoutMs: timeout } : {}), protocol });
    if (args.html) {
      writeFileAtomic(String(args.html), reviewHtml(report, `Review of ${title}`));
      process.stderr.write(`review → ${args.html}\n`);
    }
    if (args.json) process.stdout.write(`${JSON.stringify(report)}\n`);
    else if (!args.html) process.stdout.write(reviewText(report, !!args.all));
  },
});
