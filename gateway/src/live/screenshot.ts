import type { GatewayContext } from '../runtime/types';
import { renderPanePng } from '../screenshot';

/**
 * The screenshot hook for the REST/WebSocket endpoints: the pane with its colours at its real size.
 * A pane the renderer chokes on is rendered again without colours, so only a missing window 404s.
 */
export async function screenshotWindow(windowId: string, ctx: GatewayContext): Promise<Uint8Array | null> {
  const [cols, rows] = (await ctx.tmux.displayMessage(windowId, '#{pane_width} #{pane_height}')).split(' ').map(Number);
  const size = { cols: cols || ctx.config.window_width, rows: rows || ctx.config.window_height };
  const ansi = await ctx.tmux.capturePane(windowId, { escapes: true });
  try {
    return await renderPanePng(ansi, size);
  } catch (error) {
    ctx.log.warn(`screenshot of ${windowId} with colours failed (${(error as Error).message}); rendering plain text`);
    return renderPanePng(await ctx.tmux.capturePane(windowId), size);
  }
}
