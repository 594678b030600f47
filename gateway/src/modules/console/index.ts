import page from './web/index.html';

/**
 * `GET /`: the web console (web/), bundled by Bun from its HTML import — at start when run from
 * source, into the binary by `bun build --compile` — and served by Bun.serve as static routes
 * (`/` and its hashed `/chunk-*.js|css`). Handed to Bun.serve directly (Elysia's `serve.routes`)
 * rather than as an Elysia route, because Elysia stops serving static routes once any request hook
 * exists, and the guard is one. The page holds no data: everything it shows comes from the REST and
 * WebSocket API, which the guard and the login protect.
 */
export const consoleRoutes = {
  '/': page,
  // The page has no icon; without this every browser's automatic request was a 404 on its console.
  '/favicon.ico': new Response(null, { status: 204, headers: { 'cache-control': 'max-age=86400' } }),
};
