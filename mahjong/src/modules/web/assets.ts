// Every page asset, imported so that `bun build --compile` embeds it in the binary; the value of
// each import is a path Bun.file can read both from source and from the compiled binary.
// The .js files are plain browser scripts without type declarations, hence the expect-errors.
import aiBattleHtml from '../../web/ai_battle.html' with { type: 'file' };
import indexHtml from '../../web/index.html' with { type: 'file' };
import replayHtml from '../../web/replay.html' with { type: 'file' };
import historyHtml from '../../web/history.html' with { type: 'file' };
import styleCss from '../../web/css/style.css' with { type: 'file' };
import replayCss from '../../web/css/replay.css' with { type: 'file' };
// @ts-expect-error untyped browser script
import battleJs from '../../web/js/battle.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import centreJs from '../../web/js/centre.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import commonJs from '../../web/js/common.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import historyJs from '../../web/js/history.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import i18nJs from '../../web/js/i18n.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import humanJs from '../../web/js/human.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import humanEventsJs from '../../web/js/human-events.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import humanSeatJs from '../../web/js/human-seat.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import replayJs from '../../web/js/replay.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import replayLogJs from '../../web/js/replay-log.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import replayPanelJs from '../../web/js/replay-panel.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import reviewJs from '../../web/js/review.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import resultJs from '../../web/js/result.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import streamJs from '../../web/js/stream.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import tableJs from '../../web/js/table.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import tableLayoutJs from '../../web/js/table-layout.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import tablePiecesJs from '../../web/js/table-pieces.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import tilesJs from '../../web/js/tiles.js' with { type: 'file' };

// bun-types declare .html imports as HTML bundles; with `type: 'file'` the value is a path.
export const PAGES = { index: indexHtml, ai_battle: aiBattleHtml, replay: replayHtml, history: historyHtml } as unknown as Record<string, string>;

/** URL path under /static → embedded file and its content type. */
export const STATIC: Record<string, { path: string; type: string }> = {
  'css/style.css': { path: styleCss, type: 'text/css; charset=utf-8' },
  'css/replay.css': { path: replayCss, type: 'text/css; charset=utf-8' },
  'js/battle.js': { path: battleJs as string, type: 'text/javascript; charset=utf-8' },
  'js/centre.js': { path: centreJs as string, type: 'text/javascript; charset=utf-8' },
  'js/common.js': { path: commonJs as string, type: 'text/javascript; charset=utf-8' },
  'js/history.js': { path: historyJs as string, type: 'text/javascript; charset=utf-8' },
  'js/i18n.js': { path: i18nJs as string, type: 'text/javascript; charset=utf-8' },
  'js/human.js': { path: humanJs as string, type: 'text/javascript; charset=utf-8' },
  'js/human-events.js': { path: humanEventsJs as string, type: 'text/javascript; charset=utf-8' },
  'js/human-seat.js': { path: humanSeatJs as string, type: 'text/javascript; charset=utf-8' },
  'js/replay.js': { path: replayJs as string, type: 'text/javascript; charset=utf-8' },
  'js/replay-log.js': { path: replayLogJs as string, type: 'text/javascript; charset=utf-8' },
  'js/replay-panel.js': { path: replayPanelJs as string, type: 'text/javascript; charset=utf-8' },
  'js/review.js': { path: reviewJs as string, type: 'text/javascript; charset=utf-8' },
  'js/result.js': { path: resultJs as string, type: 'text/javascript; charset=utf-8' },
  'js/stream.js': { path: streamJs as string, type: 'text/javascript; charset=utf-8' },
  'js/table.js': { path: tableJs as string, type: 'text/javascript; charset=utf-8' },
  'js/table-layout.js': { path: tableLayoutJs as string, type: 'text/javascript; charset=utf-8' },
  'js/table-pieces.js': { path: tablePiecesJs as string, type: 'text/javascript; charset=utf-8' },
  'js/tiles.js': { path: tilesJs as string, type: 'text/javascript; charset=utf-8' },
};
