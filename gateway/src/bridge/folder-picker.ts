import { AppError } from '@devhub/shared';
import { join } from 'node:path';
import { browse } from '../modules/directories/service';
import type { CommandHost } from './hub';
import type { MenuAction } from './menus';
import type { Card, ChatAddress, ChatPlatform, MenuButton } from './platform';
import { startAndBind } from './session-start';

/** Folders shown at once; more are reachable by typing `/new <provider> <dir>`. */
const MAX_FOLDERS = 24;

export interface PickerChat {
  platform: ChatPlatform;
  address: ChatAddress;
  userId: string;
  here: string;
}

/**
 * `/new` without arguments: the folders under `path` as buttons (over the directories/browse
 * service, hidden folders left out): a folder opens it, `⬆` goes up, `▶ Start here` starts the
 * default provider there and binds the chat. Each press redraws the same message.
 */
export function folderPickerCard(host: CommandHost, chat: PickerChat, path: string, provider?: string): Card {
  let listing: ReturnType<typeof browse>;
  try {
    listing = browse(path);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { title: 'New session', tone: 'error', blocks: [{ type: 'markdown', text: error.message }] };
  }
  const items: MenuAction[] = [];
  const menu: MenuButton[] = [];
  const id = host.menus.create(chat.address.chatId, items);
  const add = (label: string, action: MenuAction) => {
    menu.push({ label, value: { m: id, i: items.length } });
    items.push(action);
  };
  const open = (dir: string): MenuAction => async () => {
    host.menus.close(id);
    return { ok: true, notice: dir, card: folderPickerCard(host, chat, dir, provider) };
  };
  add('▶ Start here', async () => {
    host.menus.close(id);
    const started = await startAndBind(host, { ...chat, workDir: listing.path, ...(provider ? { provider } : {}) });
    await host.reply(chat.platform, chat.address, started);
    return { ok: true, notice: `Started in ${listing.path}`, card: { title: 'New session', tone: 'done', blocks: [{ type: 'markdown', text: `▶ \`${listing.path}\`` }] } };
  });
  if (listing.parent !== listing.path) add('⬆ ..', open(listing.parent));
  for (const name of listing.directories.slice(0, MAX_FOLDERS)) add(`📁 ${name}`, open(join(listing.path, name)));
  const more = listing.directories.length - MAX_FOLDERS;
  const lines = [`📁 \`${listing.path}\``];
  if (more > 0) lines.push(`…and ${more} more folders: type \`/new ${provider ?? '<provider>'} <dir>\` for one of them.`);
  if (!listing.directories.length) lines.push('(no folders here)');
  return { title: `New ${provider ?? 'session'}: pick a folder`, tone: 'neutral', blocks: [{ type: 'markdown', text: lines.join('\n') }], menu };
}
