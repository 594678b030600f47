import { Elysia } from 'elysia';
import page from './web/index.html';

/**
 * `GET /`: the web console (web/), bundled by Bun from its HTML import — at start when run from
 * source, into the binary by `bun build --compile` — and served by Bun.serve as static routes
 * (`/` and its hashed `/chunk-*.js|css`). The page holds no data: everything it shows comes from
 * the REST and WebSocket API with the user's key.
 */
export const consoleModule = () => new Elysia({ name: 'console' }).get('/', page);
