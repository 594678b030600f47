/** The ladder as an HTML page: its own standings, then the published strength figures. */
import type { PublishedRun } from './runs';
import type { LadderStandings } from './standings';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pm = (e: { mean: number; ci95: number }, d: number, scale = 1) => `${(e.mean * scale).toFixed(d)} ± ${(e.ci95 * scale).toFixed(d)}`;
const opt = (e: { mean: number; ci95: number } | undefined, d: number, scale = 1) => (e ? pm(e, d, scale) : '–');

/** How a run was played, in words: "2,000 duplicate games, seed 9001, East-South". */
export function runSummary(r: PublishedRun): string {
  const how = r.kind === 'arena' ? 'duplicate games' : 'room games on fresh walls';
  return `${r.games.toLocaleString('en')} ${how}${r.seed !== undefined ? `, seed ${r.seed}` : ''}, ${r.east_only ? 'East-only' : 'East-South'}`;
}

function runsTable(runs: PublishedRun[], id: string): string {
  if (!runs.length) return `<p id="${id}">none</p>`;
  const rows = runs.flatMap((r) => r.contestants.map((c, i) => `<tr>${i === 0 ? `<td rowspan="${r.contestants.length}"><code>${esc(r.label)}</code><br><small>${esc(runSummary(r))} · <time>${esc(r.at)}</time></small></td>` : ''}<td>${esc(c.name)}</td><td>${c.games}</td><td>${pm(c.avg_place, 3)}</td><td>${opt(c.points, 1)}</td><td>${opt(c.win_rate, 1, 100)}</td><td>${opt(c.deal_in_rate, 1, 100)}</td></tr>`));
  return `<div class="wide"><table id="${id}"><thead><tr><th>run</th><th>contestant</th><th>games</th><th>avg place</th><th>points/game</th><th>win %</th><th>deal-in %</th></tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody></table></div>`;
}

export function ladderPage(s: LadderStandings): string {
  const rows = s.standings.map((r, i) => `<tr><td>${i + 1}</td><td>${esc(r.name)}</td><td>${pm(r.rating, 1)}</td><td>${pm(r.avg_place, 3)}</td><td>${r.games}</td><td>${r.matches}</td><td><time>${esc(r.last_played)}</time></td></tr>`).join('\n');
  const skipped = s.skipped_runs.length ? `<p class="note">${s.skipped_runs.length} file(s) in ladder-runs/ are not runs and were left alone: ${esc(s.skipped_runs.slice(0, 5).join(', '))}</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>mahjong ladder</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;margin-bottom:1.5rem}th,td{padding:.35rem .8rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}th{background:#f4f4f4}td:nth-child(n+3){font-variant-numeric:tabular-nums}p.note{color:#555;max-width:48rem}.wide{overflow-x:auto;max-width:100%}@media (max-width:600px){body{margin:1rem}th,td{padding:.3rem .45rem}}</style>
</head><body>
<h1>Ladder</h1>
<p class="note">Duplicate matches (one wall played four times, the lineup rotated through every seat) between the built-in AIs and the configured mjai bots, drawn at random. Rating: mean final points per game (Tenhou's uma and return), ± the 95 % interval with each match as a sample. ${s.enabled ? 'This server is playing ladder matches now.' : 'This server is not playing ladder matches (start it with <code>--ladder</code>).'} ${s.matches} matches recorded.</p>
<div class="wide"><table id="ladder"><thead><tr><th>#</th><th>contestant</th><th>rating (points/game)</th><th>avg place</th><th>games</th><th>matches</th><th>last played</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="7">no matches yet</td></tr>'}
</tbody></table></div>
<h2>Published here</h2>
<p class="note">Strength figures published to this data directory (<code>mahjong arena --publish</code>, <code>mahjong ladder --add</code>), newest first; ± is the 95 % interval.</p>
${runsTable(s.runs, 'runs')}
${skipped}
<h2>Measured for this release</h2>
<p class="note">The figures behind the README's strength claims, shipped with the program; each line says how to reproduce it.</p>
${runsTable(s.release_runs, 'release-runs')}
<p><a href="/api/ladder">JSON</a> · <a href="/">play</a></p>
</body></html>
`;
}
