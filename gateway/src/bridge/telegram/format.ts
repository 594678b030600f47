import type { InlineKeyboard } from '../../telegram/client';
import type { AnyButtonValue, Block, ButtonValue, Card, MenuValue } from '../platform';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Inline markdown (`**bold**`, `` `code` ``) as Telegram HTML; everything else escaped. */
function inline(text: string): string {
  return text.split(/(`[^`\n]+`)/).map((part) => {
    if (/^`[^`\n]+`$/.test(part)) return `<code>${escape(part.slice(1, -1))}</code>`;
    return escape(part).replace(/\*\*([^*\n]+)\*\*/g, '<b>$1</b>');
  }).join('');
}

/** Markdown with ``` fences as Telegram HTML: fenced code as <pre>, the rest inline. */
export function markdownToHtml(text: string): string {
  const out: string[] = [];
  const parts = text.split(/^```[^\n]*\n?/m);
  // Even parts are prose, odd parts are code (between a fence and the next).
  parts.forEach((part, i) => {
    if (i % 2 === 1) out.push(`<pre>${escape(part.replace(/\n$/, ''))}</pre>`);
    else if (part.trim()) out.push(inline(part.replace(/^\n+|\n+$/g, '')));
  });
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

function block(b: Block): string {
  switch (b.type) {
    case 'markdown': return markdownToHtml(b.text);
    case 'code': return `<pre>${escape(b.text)}</pre>`;
    case 'tool': return `🔧 ${inline(b.text)}`;
    case 'note': return `<i>${escape(b.text)}</i>`;
  }
}

export function telegramText(card: Card): string {
  const parts: string[] = [];
  if (card.title) parts.push(`<b>${escape(card.title)}</b>`);
  parts.push(...card.blocks.map(block));
  if (card.footer) parts.push(`<i>${escape(card.footer)}</i>`);
  return parts.join('\n\n') || '…';
}

/** callback_data holds at most 64 bytes: `a|<window>|<option>|<signature>`. */
export const callbackData = (v: ButtonValue) => `a|${v.w}|${v.o}|${v.p}`;

/** A menu button: `m|<menu>|<item>`. */
export const menuCallbackData = (v: MenuValue) => `m|${v.m}|${v.i}`;

export function parseCallbackData(data: string | undefined): AnyButtonValue | null {
  const menu = /^m\|([A-Za-z0-9_-]{1,40})\|(\d{1,4})$/.exec(data ?? '');
  if (menu) return { m: menu[1]!, i: Number(menu[2]) };
  const m = /^a\|(@\d+)\|(\d+)\|([0-9a-f]+)$/.exec(data ?? '');
  return m ? { w: m[1]!, o: Number(m[2]), p: m[3]! } : null;
}

export function telegramKeyboard(card: Card): InlineKeyboard | undefined {
  if (!card.buttons?.length && !card.menu?.length) return undefined;
  return {
    inline_keyboard: [
      ...(card.buttons ?? []).map((b) => [{ text: b.label, callback_data: callbackData(b.value) }]),
      ...(card.menu ?? []).map((b) => [{ text: b.label, callback_data: menuCallbackData(b.value) }]),
    ],
  };
}
