import { existsSync } from 'node:fs';
import { defineCommand } from 'citty';
import { BadArgument } from '@devhub/shared';
import { dataDir } from '../modules/backend/paths';
import { type LadderStandings, standings } from '../modules/ladder/standings';
import { ladderPath, readLadder } from '../modules/ladder/store';

const pm = (e: { mean: number; ci95: number }, d: number) => `${e.mean.toFixed(d)} ± ${e.ci95.toFixed(d)}`;

export function ladderTable(s: LadderStandings): string {
  if (!s.standings.length) return 'no ladder matches yet (mahjong serve --ladder plays them)';
  const w = Math.max(12, ...s.standings.map((r) => r.name.length));
  const lines = [
    `${s.matches} duplicate matches; rating = mean final points per game ± 95 % interval (matches as samples)`,
    '',
    `${'#'.padStart(3)}  ${'contestant'.padEnd(w)}  ${'rating'.padEnd(15)} ${'avg place'.padEnd(15)} ${'games'.padStart(6)} ${'matches'.padStart(8)}  last played`,
  ];
  s.standings.forEach((r, i) => lines.push(`${String(i + 1).padStart(3)}  ${r.name.padEnd(w)}  ${pm(r.rating, 1).padEnd(15)} ${pm(r.avg_place, 3).padEnd(15)} ${String(r.games).padStart(6)} ${String(r.matches).padStart(8)}  ${r.last_played}`));
  return lines.join('\n');
}

export default defineCommand({
  meta: { name: 'ladder', description: 'The duplicate-match ladder kept by mahjong serve --ladder: rating with its interval, games, last played' },
  args: {
    'data-dir': { type: 'string', description: 'State directory holding ladder.json (env MAHJONG_DIR, default ~/.mahjong)' },
    url: { type: 'string', description: 'Ask a running server instead (its base URL, e.g. http://127.0.0.1:8000)' },
    json: { type: 'boolean', description: 'Print the standings as JSON' },
  },
  async run({ args }) {
    let s: LadderStandings;
    if (args.url) {
      let res: Response;
      try { res = await fetch(new URL('/api/ladder', args.url)); } catch (e) { throw new BadArgument(`mahjong ladder: cannot reach ${args.url} (${(e as Error).message})`); }
      if (!res.ok) throw new BadArgument(`mahjong ladder: ${args.url} answered ${res.status}`);
      s = (await res.json()) as LadderStandings;
    } else {
      const path = ladderPath(dataDir(args['data-dir']));
      try {
        s = standings(existsSync(path) ? readLadder(path) : [], false);
      } catch (e) { throw new BadArgument(`mahjong ladder: ${(e as Error).message}`); }
      delete (s as Partial<LadderStandings>).enabled;
    }
    process.stdout.write(args.json ? `${JSON.stringify(s, null, 2)}\n` : `${ladderTable(s)}\n`);
  },
});
