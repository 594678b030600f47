/** Every note the proxy adds to a conversation starts with this marker (README "Forwarding", multimodal downgrade). */
export const NOTE_MARKER = '[modelproxy]';

export function acceptsImages(model: string, allowList: readonly string[]): boolean {
  const m = model.toLowerCase();
  return allowList.some((allowed) => allowed.toLowerCase() === m);
}

export const requestNote = (model: string) => `${NOTE_MARKER} An image was removed here: the model ${model} does not accept images.`;
export const documentNote = (model: string) => `${NOTE_MARKER} A document (PDF) was removed here: the model ${model} does not accept documents.`;

/** What was removed from a request for a model that cannot take it. */
export interface Removed { images: number; documents: number }

export const responseNote = (model: string, removed: Removed) => {
  const what = [removed.images ? `${removed.images} image(s)` : '', removed.documents ? `${removed.documents} document(s)` : ''].filter(Boolean).join(' and ');
  return `${NOTE_MARKER} ${what} were removed from the request because ${model} does not accept ${removed.documents ? (removed.images ? 'images or documents' : 'documents') : 'images'}; this answer was written without seeing them.`;
};

type Block = { type?: unknown; content?: unknown };

/**
 * Replaces every image and document (PDF) block — in message content and nested in tool_result
 * content — with a text note, in place. Returns how many of each were replaced. A model that
 * cannot take images is not sent documents either (the MiniMax Anthropic endpoint documents no
 * document input).
 */
export function stripImages(body: Record<string, unknown>, model: string): Removed {
  const removed: Removed = { images: 0, documents: 0 };
  const messages = body.messages;
  if (!Array.isArray(messages)) return removed;
  const note = requestNote(model);
  // An explicit work list, not recursion: a client can nest tool_result blocks deeper than the stack.
  const pending: unknown[][] = [];
  for (const message of messages) {
    const content = (message as Block | null)?.content;
    if (Array.isArray(content)) pending.push(content);
  }
  for (let blocks = pending.pop(); blocks; blocks = pending.pop()) {
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[i] as Block | null;
      if (!block || typeof block !== 'object') continue;
      if (block.type === 'image') {
        blocks[i] = { type: 'text', text: note };
        removed.images++;
      } else if (block.type === 'document') {
        blocks[i] = { type: 'text', text: documentNote(model) };
        removed.documents++;
      } else if (block.type === 'tool_result' && Array.isArray(block.content)) {
        pending.push(block.content);
      }
    }
  }
  return removed;
}

/**
 * Adds the response note to a non-streaming Messages response: as a last paragraph of its last
 * block when that is text (a client that shows the last text block shows the answer and the note),
 * else as a text block of its own at the end.
 */
export function appendNoteToJson(text: string, note: string): string {
  try {
    const message = JSON.parse(text) as { content?: unknown };
    if (!Array.isArray(message.content)) return text;
    const last = message.content.at(-1) as { type?: unknown; text?: unknown } | undefined;
    if (last?.type === 'text' && typeof last.text === 'string') last.text += `\n\n${note}`;
    else message.content.push({ type: 'text', text: note });
    return JSON.stringify(message);
  } catch {
    return text;
  }
}
