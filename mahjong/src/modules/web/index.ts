import { resolve } from 'node:path';
import { staticPlugin } from '@elysiajs/static';
import { Elysia } from 'elysia';

/** mahjong/src/web: the three pages, their scripts and the style sheet (no image assets). */
export const WEB_DIR = resolve(import.meta.dir, '../../web');

const page = (name: string) => () =>
  new Response(Bun.file(resolve(WEB_DIR, name)), { headers: { 'content-type': 'text/html; charset=utf-8' } });

export const webModule = (dir = WEB_DIR) =>
  new Elysia({ name: 'web' })
    .use(staticPlugin({ assets: dir, prefix: '/static', alwaysStatic: false, ignorePatterns: [/\.html$/] }))
    .get('/', page('index.html'), { detail: { summary: 'Human versus three AI page', tags: ['pages'] } })
    .get('/ai_battle', page('ai_battle.html'), { detail: { summary: 'Four-AI page', tags: ['pages'] } })
    .get('/replay', page('replay.html'), { detail: { summary: 'Replay page', tags: ['pages'] } })
    // No image assets: browsers asking for an icon get an empty answer instead of a 404.
    .get('/favicon.ico', ({ set }) => { set.status = 204; return ''; }, { detail: { hide: true } });
