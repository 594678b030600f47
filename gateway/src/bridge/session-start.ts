import { createSession } from '../modules/sessions/service';
import type { CommandHost } from './hub';
import type { Card, ChatAddress, ChatPlatform } from './platform';

export interface StartRequest {
  platform: ChatPlatform;
  address: ChatAddress;
  userId: string;
  /** The channel to bind: the chat, or the thread the command came from. */
  here: string;
  provider?: string;
  workDir: string;
  /** Appended to the provider's command (shell-safe words only), e.g. `--resume <id>`. */
  launchArgs?: string[];
}

/**
 * Starts a session and binds the chat (or thread) to it — `/new`, the folder picker and `/resume`.
 * A chat already bound is re-bound; its old session keeps running. Returns the reply card.
 */
export async function startAndBind(host: CommandHost, request: StartRequest): Promise<Card> {
  const { ctx } = host;
  const { here } = request;
  const previous = ctx.store.session(here);
  if (previous) {
    ctx.store.unbind(here);
    await host.endTurn(here);
  }
  const created = await createSession(ctx, {
    channel_id: here, work_dir: request.workDir, provider: request.provider ?? (host.config.default_provider || undefined),
  }, request.launchArgs);
  host.store.putChat(here, {
    ...host.store.chat(here), platform: request.platform.id, chat_id: request.address.chatId, window_id: created.window_id, bound_by: request.userId,
  });
  const lines = [`**${created.provider}** in \`${created.cwd}\` — window \`${created.window_id}\`. Messages here are now typed into it.`];
  if (previous) lines.push(`The previous session (${host.sessionName(previous.window_id)}) keeps running: \`/bind ${previous.window_id}\` returns to it.`);
  for (const warning of created.warnings ?? []) lines.push(`⚠️ ${warning}`);
  return { title: `Started ${created.display_name}`, tone: 'working', blocks: [{ type: 'markdown', text: lines.join('\n') }] };
}
