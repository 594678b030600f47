// The dashboard's page, script and styles are embedded in the compiled binary as text by these
// imports: the page loads nothing from a CDN or any other host.
import pageHtml from './web/index.html' with { type: 'text' };
// @ts-expect-error text import of a script
import appJs from './web/app.js' with { type: 'text' };
import styleCss from './web/style.css' with { type: 'text' };

// Typed as Bun's HTML bundle and CSS module; `type: 'text'` makes each the file's text.
export const DASHBOARD_PAGE = pageHtml as unknown as string;

/** URL path under /dashboard/assets → embedded text and its content type. */
export const DASHBOARD_ASSETS: Record<string, { text: string; type: string }> = {
  'app.js': { text: appJs as string, type: 'text/javascript; charset=utf-8' },
  'style.css': { text: styleCss as unknown as string, type: 'text/css; charset=utf-8' },
};
