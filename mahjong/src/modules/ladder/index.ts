/**
 * The ladder over HTTP: `GET /api/ladder` (standings as JSON) and `GET /ladder` (the same as a
 * page). Both read the ladder this server keeps (`serve --ladder`) or, without it, the matches
 * recorded earlier in its data directory.
 */
import { Elysia } from 'elysia';
import { type LadderStandings as Standings, LadderStandings, standings } from './standings';
import type { LadderStore } from './store';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pm = (e: { mean: number; ci95: number }, d: number) => `${e.mean.toFixed(d)} ± ${e.ci95.toFixed(d)}`;

export function ladderPage(s: Standings): string {
  const rows = s.standings.map((r, i) => `<tr><td>${i + 1}</td><td>${esc(r.name)}</td><td>${pm(r.rating, 1)}</td><td>${pm(r.avg_place, 3)}</td><td>${r.games}</td><td>${r.matches}</td><td><time>${esc(r.last_played)}</time></td></tr>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>mahjong ladder</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse}th,td{padding:.35rem .8rem;border-bottom:1px solid #ddd;text-align:left}th{background:#f4f4f4}td:nth-child(n+3){font-variant-numeric:tabular-nums}p.note{color:#555;max-width:48rem}</style>
</head><body>
<h1>Ladder</h1>
<p class="note">Duplicate matches (one wall played four times, the lineup rotated through every seat) between the built-in AIs and the configured mjai bots, drawn at random. Rating: mean final points per game (Tenhou's uma and return), ± the 95 % interval with each match as a sample. ${s.enabled ? 'This server is playing ladder matches now.' : 'This server is not playing ladder matches (start it with <code>--ladder</code>).'} ${s.matches} matches recorded.</p>
<table id="ladder"><thead><tr><th>#</th><th>contestant</th><th>rating (points/game)</th><th>avg place</th><th>games</th><th>matches</th><th>last played</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="7">no matches yet</td></tr>'}
</tbody></table>
<p><a href="/api/ladder">JSON</a> · <a href="/">play</a></p>
</body></html>
`;
}

export const ladderModule = (store: LadderStore, enabled: () => boolean) =>
  new Elysia({ name: 'ladder' })
    .get('/api/ladder', () => standings(store.matches, enabled()), {
      response: LadderStandings,
      detail: { summary: 'Ladder standings: rating (mean points per game) with its 95 % interval, average place, games, last played', tags: ['ladder'] },
    })
    .get('/ladder', () => new Response(ladderPage(standings(store.matches, enabled())), { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' } }), {
      detail: { summary: 'Ladder page', tags: ['pages'] },
    });
