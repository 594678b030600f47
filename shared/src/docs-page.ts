// The /docs page of the three products: its scripts and styles come from the swagger-ui-dist
// package (pinned in shared/package.json) and are embedded in each compiled binary by these file
// imports, so /docs loads nothing from a CDN (and works offline).
// @ts-expect-error untyped asset
import bundleJs from 'swagger-ui-dist/swagger-ui-bundle.js' with { type: 'file' };
import uiCss from 'swagger-ui-dist/swagger-ui.css' with { type: 'file' };
// @ts-expect-error untyped asset
import initJs from './docs-init.js' with { type: 'file' };

/** URL path under /docs/assets → embedded file and its content type. */
export const DOCS_ASSETS: Record<string, { path: string; type: string }> = {
  'swagger-ui-bundle.js': { path: bundleJs as string, type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { path: uiCss as unknown as string, type: 'text/css; charset=utf-8' },
  'init.js': { path: initJs as string, type: 'text/javascript; charset=utf-8' },
};

/** The page: Swagger UI reading /docs/json, its assets under /docs/assets/. */
export const DOCS_PAGE = (title: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/init.js"></script>
</body>
</html>
`;

/** The /docs page as an answer. */
export const docsPageResponse = (page: string): Response => new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } });

/** One of the page's embedded assets, or null for a name that is not one. */
export function docsAsset(file: string): Response | null {
  const asset = Object.hasOwn(DOCS_ASSETS, file) ? DOCS_ASSETS[file]! : null;
  return asset && new Response(Bun.file(asset.path), { headers: { 'content-type': asset.type, 'cache-control': 'public, max-age=86400' } });
}
