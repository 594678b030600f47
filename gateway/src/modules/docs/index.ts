import { DOCS_PAGE, docsAsset, docsPageResponse } from '@devhub/shared/docs-page';
import { Elysia, NotFoundError } from 'elysia';

/**
 * /docs as the swagger plugin (registered before this) makes it, but with the viewer's scripts and
 * styles served from the binary: the plugin's own page loads an unpinned script from a CDN, blank
 * offline. A later route on the same path wins.
 */
export const docsPage = (title: string) => {
  const page = DOCS_PAGE(title);
  return new Elysia({ name: 'docs-page' })
    .get('/docs', () => docsPageResponse(page), { detail: { hide: true } })
    .get('/docs/assets/:file', ({ params }) => docsAsset(params.file) ?? Promise.reject(new NotFoundError()), { detail: { hide: true } });
};
