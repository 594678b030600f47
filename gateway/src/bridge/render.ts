import type { AgentMessage, PromptState, StatusEvent } from '../events';
import { promptSignature } from '../modules/sessions/answer';
import { cut, cutPoint } from '@devhub/shared/text';
import type { Block, Button, Card, Tone } from './platform';

/** A tool result longer than this many lines is shortened in chat (the pane and transcript have it all). */
const RESULT_LINES = 12;
const RESULT_CHARS = 1500;

/**
 * Transcript messages as chat blocks: assistant text as markdown, tool calls as a tool line,
 * tool results as a short code block, local command output as sent. The user's own prompt is not
 * echoed back and thinking is left out.
 */
export function blocksOf(messages: readonly AgentMessage[]): Block[] {
  const blocks: Block[] = [];
  for (const m of messages) {
    if (m.role === 'user' || m.content_type === 'thinking') continue;
    const text = m.text.replace(/\s+$/, '');
    if (!text) continue;
    if (m.content_type === 'tool_use') blocks.push({ type: 'tool', text });
    else if (m.content_type === 'tool_result') blocks.push({ type: 'code', text: shorten(text) });
    else blocks.push({ type: 'markdown', text });
  }
  return blocks;
}

function shorten(text: string): string {
  const lines = text.split('\n');
  let out = lines.slice(0, RESULT_LINES).join('\n');
  if (out.length > RESULT_CHARS) out = `${cut(out, RESULT_CHARS)}…`;
  const more = lines.length - RESULT_LINES;
  return more > 0 ? `${out}\n… (${more} more lines)` : out;
}

const ICONS: Record<StatusEvent['status'], string> = { starting: '🚀', working: '⏳', idle: '✅', interactive: '❓', done: '🏁', dead: '💀' };
const TONES: Record<StatusEvent['status'], Tone> = { starting: 'working', working: 'working', idle: 'neutral', interactive: 'waiting', done: 'done', dead: 'error' };

/** The compact status line: `⏳ Working: Pondering… · proj`. */
export function statusLine(status: Pick<StatusEvent, 'status' | 'display_label'>, session?: string): string {
  const label = status.display_label || status.status;
  return `${ICONS[status.status]} ${label}${session ? ` · ${session}` : ''}`;
}

export const toneOf = (status: StatusEvent['status']): Tone => TONES[status];

/** Characters a block takes in a message, with a little room for its markup. */
export const blockSize = (block: Block) => block.text.length + 8;

/**
 * Splits text into pieces of at most `max` characters at line ends (a longer line is cut). A piece
 * that would end inside a ``` fence closes it, and the next piece reopens it.
 */
export function splitText(text: string, max: number): string[] {
  const room = Math.max(16, max) - 4; // room for a closing fence
  const pieces: string[] = [];
  let fence: string | null = null;
  let lines: string[] = [];
  let length = 0;
  const start = () => {
    lines = fence !== null ? [fence] : [];
    length = fence?.length ?? 0;
  };
  const hasContent = () => lines.length > (fence !== null ? 1 : 0);
  const flush = () => {
    if (hasContent()) pieces.push(lines.join('\n') + (fence !== null ? '\n```' : ''));
    start();
  };
  for (const raw of text.split('\n')) {
    const isFence = /^\s*```/.test(raw);
    if (isFence && fence !== null && length + 1 + raw.length > room) {
      // The closing fence does not fit: the flush closes the block itself.
      flush();
      fence = null;
      start();
      continue;
    }
    const width = room - (fence?.length ?? 0) - 1;
    const chunks: string[] = [];
    for (let at = 0, end = 0; at < raw.length; at = end) {
      end = cutPoint(raw, at + width);
      if (end <= at) end = at + width; // width 1 and a pair: cannot be helped
      chunks.push(raw.slice(at, end));
    }
    if (!chunks.length) chunks.push('');
    for (const line of chunks) {
      const add = (lines.length ? 1 : 0) + line.length;
      if (length + add > room && hasContent()) flush();
      length += (lines.length ? 1 : 0) + line.length;
      lines.push(line);
    }
    if (isFence) fence = fence === null ? raw.trim() : null;
  }
  flush();
  return pieces.length ? pieces : [''];
}

/**
 * Lays blocks out on pages of at most `max` characters: blocks are kept whole where they fit, and
 * a block larger than a page is split over several.
 */
export function paginate(blocks: readonly Block[], max: number): Block[][] {
  const pages: Block[][] = [];
  let page: Block[] = [];
  let size = 0;
  const flush = () => {
    if (page.length) pages.push(page);
    page = [];
    size = 0;
  };
  for (const block of blocks) {
    const pieces = blockSize(block) > max
      ? splitText(block.text, max - 8).map((text) => ({ ...block, text }) as Block)
      : [block];
    for (const piece of pieces) {
      if (size + blockSize(piece) > max) flush();
      page.push(piece);
      size += blockSize(piece);
    }
  }
  flush();
  return pages;
}

/** The interactive card for a prompt: its context (e.g. the command asked about), the question, one button per option. */
export function promptCard(windowId: string, session: string, prompt: PromptState, context: string): Card {
  const signature = promptSignature(prompt);
  const buttons: Button[] = prompt.options.map((o) => ({
    label: cut(`${o.index}. ${o.label}`, 60), value: { w: windowId, o: o.index, p: signature }, primary: o.index === 1,
  }));
  const blocks: Block[] = [];
  if (context) blocks.push({ type: 'code', text: context });
  blocks.push({ type: 'markdown', text: `**${prompt.question || 'The assistant is waiting for an answer'}**` });
  if (!buttons.length) blocks.push({ type: 'note', text: 'Answer with /key (e.g. /key enter, /key esc) in a chat bound to this session.' });
  return { title: `${session} needs input`, tone: 'waiting', blocks, buttons };
}

/** The same card once the prompt is gone: no buttons, and what happened. */
export function closedPromptCard(card: Card, outcome: string): Card {
  return { ...card, tone: 'done', buttons: [], footer: outcome };
}

export const HELP = [
  '**Commands**',
  '`/new [provider] [dir]` — start a session here (providers: claude, codex, gemini, pi, shell); `/new` alone picks the folder with buttons',
  '`/resume [claude|codex] [dir]` — continue an earlier conversation · `/history [n]` — the session\'s last messages',
  '`/list` — sessions and their status · `/bind <n|@id|name>` — bind this chat to one · `/unbind`',
  '`/stop` — end this chat\'s session · `/key <name>…` — press keys (enter, esc, up, down, tab, ctrl-c, y, 1…)',
  '`/screenshot` — the terminal as an image · `/status` — the status line · `/type <text>` — type text as is (e.g. `/type /help`)',
  'Anything else is typed into the bound session; files and photos are saved into its folder and their path is typed.',
].join('\n');
