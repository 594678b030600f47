import type { ButtonOutcome, ButtonPress, ChatPlatform, MenuValue } from './platform';

/** What a menu button does when pressed; its outcome's card replaces the menu's message. */
export type MenuAction = (press: ButtonPress, platform: ChatPlatform) => Promise<ButtonOutcome>;

interface Menu {
  chatId: string;
  expires: number;
  items: MenuAction[];
}

/** How long a menu's buttons work, and how many menus are kept at most. */
const MENU_TTL_MS = 30 * 60_000;
const MAX_MENUS = 500;

/**
 * Menus of buttons the bridge sends (the folder picker of `/new`, the conversation list of
 * `/resume`): the buttons carry only `{menu id, item}` — Telegram's callback data holds 64 bytes,
 * too little for a path — and the actions stay here, in memory. A menu works in the chat it was
 * sent to, for 30 minutes; after a restart its buttons say it has expired.
 */
export class Menus {
  private readonly menus = new Map<string, Menu>();

  create(chatId: string, items: MenuAction[]): string {
    const now = Date.now();
    for (const [id, menu] of this.menus) if (menu.expires < now || this.menus.size >= MAX_MENUS) this.menus.delete(id);
    const id = crypto.randomUUID().replace(/-/g, '').slice(0, 12);
    this.menus.set(id, { chatId, expires: now + MENU_TTL_MS, items });
    return id;
  }

  async press(platform: ChatPlatform, press: ButtonPress, value: MenuValue): Promise<ButtonOutcome> {
    const menu = this.menus.get(value.m);
    if (!menu || menu.expires < Date.now()) return { ok: false, notice: 'This menu has expired; send the command again' };
    if (menu.chatId !== press.address.chatId) return { ok: false, notice: 'This menu belongs to another chat' };
    const action = menu.items[value.i];
    if (!action) return { ok: false, notice: 'Unknown button' };
    return action(press, platform);
  }

  /** A menu whose choice has been made: its buttons stop working. */
  close(id: string): void {
    this.menus.delete(id);
  }
}
