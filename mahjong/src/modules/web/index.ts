import { Elysia } from 'elysia';
import { PAGES, STATIC } from './assets';

const html = (name: string) => () =>
  new Response(Bun.file(PAGES[name]!), { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' } });

/**
 * The pages and their scripts and style sheet (no image assets). Files come from the
 * embedded asset list, so the compiled binary serves them too; only listed files are served.
 */
export const webModule = () =>
  new Elysia({ name: 'web' })
    .get('/', html('index'), { detail: { summary: 'Human versus three AI page', tags: ['pages'] } })
    .get('/ai_battle', html('ai_battle'), { detail: { summary: 'Four-AI page', tags: ['pages'] } })
    .get('/replay', html('replay'), { detail: { summary: 'Replay page', tags: ['pages'] } })
    .get('/history', html('history'), { detail: { summary: 'Finished games: replay and download', tags: ['pages'] } })
    .get('/static/*', ({ params, set }) => {
      const asset = STATIC[params['*']];
      if (!asset) {
        set.status = 404;
        return { detail: 'Not Found', code: 'NOT_FOUND' };
      }
      return new Response(Bun.file(asset.path), { headers: { 'content-type': asset.type, 'cache-control': 'no-cache' } });
    }, { detail: { hide: true } })
    // No image assets: browsers asking for an icon get an empty answer instead of a 404.
    .get('/favicon.ico', ({ set }) => { set.status = 204; return ''; }, { detail: { hide: true } });
