// The API page's scripts and styles come from the swagger-ui-dist package (pinned in package.json)
// and are embedded in the compiled binary by these file imports: /docs loads nothing from a CDN.
// @ts-expect-error untyped asset
import bundleJs from 'swagger-ui-dist/swagger-ui-bundle.js' with { type: 'file' };
import uiCss from 'swagger-ui-dist/swagger-ui.css' with { type: 'file' };
// @ts-expect-error untyped asset
import initJs from './init.js' with { type: 'file' };

/** URL path under /docs/assets → embedded file and its content type. */
export const DOCS_ASSETS: Record<string, { path: string; type: string }> = {
  'swagger-ui-bundle.js': { path: bundleJs as string, type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { path: uiCss as unknown as string, type: 'text/css; charset=utf-8' },
  'init.js': { path: initJs as string, type: 'text/javascript; charset=utf-8' },
};

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
