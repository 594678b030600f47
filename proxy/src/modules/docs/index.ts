import { swagger } from '@elysiajs/swagger';
import { Elysia } from 'elysia';
import { RouteNotFound } from '../../upstream/errors';
import { VERSION } from '../../version';
import { DOCS_PAGE, docsAsset, docsPageResponse } from '@devhub/shared/docs-page';

const TITLE = 'modelproxy — local model proxy';

/**
 * /docs/json is the OpenAPI document the swagger plugin builds from the routes. Its own /docs page
 * loads an unpinned script from a CDN, so the page is replaced (a later route on the same path
 * wins) by one whose assets are served from the binary.
 */
export const docsModule = () => {
  const page = DOCS_PAGE(TITLE);
  return new Elysia({ name: 'docs' })
    .use(swagger({ path: '/docs', documentation: { info: { title: TITLE, version: VERSION } } }))
    .get('/docs', () => docsPageResponse(page), { detail: { hide: true } })
    .get('/docs/assets/:file', ({ params }) => {
      const asset = docsAsset(params.file);
      if (!asset) throw new RouteNotFound('GET', `/docs/assets/${params.file}`);
      return asset;
    }, { detail: { hide: true } });
};
