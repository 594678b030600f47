/**
 * The ladder over HTTP: `GET /api/ladder` (standings as JSON) and `GET /ladder` (the same as a
 * page). Both read the ladder this server keeps (`serve --ladder`) or, without it, the matches
 * recorded earlier in its data directory, plus the strength figures published there
 * (`<data dir>/ladder-runs/`, read on each request) and those measured for this release.
 */
import { Elysia } from 'elysia';
import { ladderPage } from './page';
import { readRuns } from './runs';
import { LadderStandings, standings } from './standings';
import type { LadderStore } from './store';

export const ladderModule = (store: LadderStore, enabled: () => boolean) => {
  const current = () => standings(store.matches, enabled(), readRuns(store.dataDir));
  return new Elysia({ name: 'ladder' })
    .get('/api/ladder', () => current(), {
      response: LadderStandings,
      detail: { summary: 'Ladder standings: rating (mean points per game) with its 95 % interval, average place, games, last played; published strength figures with their intervals', tags: ['ladder'] },
    })
    .get('/ladder', () => new Response(ladderPage(current()), { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' } }), {
      detail: { summary: 'Ladder page', tags: ['pages'] },
    });
};
