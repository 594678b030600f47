import type { GatewayContext } from '../runtime/types';

/**
 * The renderer, loaded on the first screenshot rather than at startup. It needs @napi-rs/canvas, a
 * native module: a compiled agentgw unpacks it into the temp folder ($TMPDIR) and loads it from
 * there, which fails when that folder is missing, not writable or mounted noexec. Loaded
 * eagerly, that failure stopped the whole server from starting ("Cannot find native binding");
 * now only screenshots are unavailable (404, as with no renderer) and the log says why, once.
 */
let renderer: Promise<typeof import('../screenshot') | null> | null = null;

function loadRenderer(ctx: GatewayContext): Promise<typeof import('../screenshot') | null> {
  renderer ??= import('../screenshot').catch((error: unknown) => {
    ctx.log.warn(`screenshots are unavailable: the renderer's native module (@napi-rs/canvas) did not load (${(error as Error).message.split(/\.\s/)[0]}); a compiled agentgw unpacks it into the temp folder (${process.env.TMPDIR || '/tmp'}), which must be writable and allow running programs`);
    return null;
  });
  return renderer;
}

/**
 * The screenshot hook for the REST/WebSocket endpoints: the pane with its colours at its real size.
 * A pane the renderer chokes on is rendered again without colours, so only a missing window 404s.
 */
export async function screenshotWindow(windowId: string, ctx: GatewayContext): Promise<Uint8Array | null> {
  const render = await loadRenderer(ctx);
  if (!render) return null;
  const [cols, rows] = (await ctx.tmux.displayMessage(windowId, '#{pane_width} #{pane_height}')).split(' ').map(Number);
  const size = { cols: cols || ctx.config.window_width, rows: rows || ctx.config.window_height };
  const ansi = await ctx.tmux.capturePane(windowId, { escapes: true });
  try {
    return await render.renderPanePng(ansi, size);
  } catch (error) {
    ctx.log.warn(`screenshot of ${windowId} with colours failed (${(error as Error).message}); rendering plain text`);
    return render.renderPanePng(await ctx.tmux.capturePane(windowId), size);
  }
}
