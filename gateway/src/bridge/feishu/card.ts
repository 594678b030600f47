import type { AnyButtonValue, Block, ButtonValue, Card, Tone } from '../platform';

/** Header colours of Feishu card templates. */
const TEMPLATES: Record<Tone, string> = { neutral: 'grey', working: 'blue', waiting: 'orange', done: 'green', error: 'red' };

/** A ``` inside code would end the fence early; a zero-width space keeps it visible but inert. */
const fenceSafe = (text: string) => text.replace(/```/g, '`\u200b``');

function element(block: Block): Record<string, unknown> {
  switch (block.type) {
    case 'markdown':
      return { tag: 'markdown', content: block.text };
    case 'code':
      return { tag: 'markdown', content: `\`\`\`${block.lang ?? ''}\n${fenceSafe(block.text)}\n\`\`\`` };
    case 'tool':
      return { tag: 'markdown', content: `🔧 ${block.text}` };
    case 'note':
      return { tag: 'note', elements: [{ tag: 'plain_text', content: block.text }] };
  }
}

/** Button values travel as string maps (`{w, o, p}`); `o` comes back as a string. */
export function buttonValue(value: ButtonValue): Record<string, string> {
  return { w: value.w, o: String(value.o), p: value.p };
}

export function parseButtonValue(value: Record<string, unknown>): AnyButtonValue | null {
  if (typeof value.m === 'string') {
    const i = Number(value.i);
    return value.m && Number.isInteger(i) && i >= 0 ? { m: value.m, i } : null;
  }
  const o = Number(value.o);
  if (typeof value.w !== 'string' || typeof value.p !== 'string' || !Number.isInteger(o) || o < 1) return null;
  return { w: value.w, o, p: value.p };
}

/**
 * The neutral card as a Feishu interactive card (card JSON 1.0: `config`, `header`, `elements`).
 * `update_multi` is set on every card, as PATCH requires it before and after an update.
 */
export function feishuCard(card: Card): Record<string, unknown> {
  const elements: Record<string, unknown>[] = card.blocks.map(element);
  if (card.buttons?.length) {
    elements.push({
      tag: 'action',
      actions: card.buttons.map((b) => ({
        tag: 'button', text: { tag: 'plain_text', content: b.label }, type: b.primary ? 'primary' : 'default', value: buttonValue(b.value),
      })),
    });
  }
  if (card.menu?.length) {
    // One button per action row: a folder or conversation name is too long to sit side by side.
    for (const b of card.menu) {
      elements.push({ tag: 'action', actions: [{ tag: 'button', text: { tag: 'plain_text', content: b.label }, type: 'default', value: { m: b.value.m, i: String(b.value.i) } }] });
    }
  }
  if (card.footer) elements.push({ tag: 'note', elements: [{ tag: 'plain_text', content: card.footer }] });
  if (!elements.length) elements.push({ tag: 'markdown', content: ' ' });
  return {
    config: { wide_screen_mode: true, update_multi: true },
    ...(card.title ? { header: { title: { tag: 'plain_text', content: card.title }, template: TEMPLATES[card.tone ?? 'neutral'] } } : {}),
    elements,
  };
}
