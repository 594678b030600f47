/** Every note the proxy adds to a conversation starts with this marker (spec: multimodal downgrade). */
export const NOTE_MARKER = '[modelproxy]';

export function acceptsImages(model: string, allowList: readonly string[]): boolean {
  const m = model.toLowerCase();
  return allowList.some((allowed) => allowed.toLowerCase() === m);
}

export const requestNote = (model: string) => `${NOTE_MARKER} An image was removed here: the model ${model} does not accept images.`;

export const responseNote = (model: string, count: number) =>
  `${NOTE_MARKER} ${count} image(s) were removed from the request because ${model} does not accept images; this answer was written without seeing them.`;

type Block = { type?: unknown; content?: unknown };

/**
 * Replaces every image block — in message content and nested in tool_result content — with a text
 * note, in place. Returns how many were replaced.
 */
export function stripImages(body: Record<string, unknown>, model: string): number {
  const messages = body.messages;
  if (!Array.isArray(messages)) return 0;
  let count = 0;
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
        count++;
      } else if (block.type === 'tool_result' && Array.isArray(block.content)) {
        pending.push(block.content);
      }
    }
  }
  return count;
}

/** Adds the response note as a last text block of a non-streaming Messages response. */
export function appendNoteToJson(text: string, note: string): string {
  try {
    const message = JSON.parse(text) as { content?: unknown };
    if (!Array.isArray(message.content)) return text;
    message.content.push({ type: 'text', text: note });
    return JSON.stringify(message);
  } catch {
    return text;
  }
}
