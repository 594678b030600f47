import type { PromptState, PromptType } from './model';

/** Action hints at the foot of a prompt (Claude, Codex, Gemini and Pi wordings). */
const HINT = /(Enter to (confirm|select|continue|submit)|Esc to (cancel|exit|go back)|Press enter to|Type to filter|Tab to amend|↑\/↓ to (navigate|select)|ctrl-g to edit|↑↓ navigate|enter select)/i;
const NUMBERED = /^\s*(?:([❯›●>▶→])\s*)?(\d{1,2})[.)]\s+(.+?)\s*$/u;
const MARKED = /^(\s*)([❯›●▶→])\s+(\S.*?)\s*$/u;

const PATTERNS: Array<[PromptType, RegExp]> = [
  ['plan', /has written up a plan|Would you like to proceed\?[\s\S]*(plan|auto-accept|manually approve)|Exit plan mode\?|Ready to code\?/i],
  ['trust', /Is this a project you created or one you trust|trust (this|the) (folder|files|directory|workspace)|Do you trust/i],
  ['question', /[☐☒✔][ \t]+\S/u],
  ['permission', /Do you want to (proceed|make this edit|create|update|delete|modify|allow|run|use)|Allow .{1,80}? to |This command requires approval|Network request outside of sandbox|Would you like to (run|make) the following|Allow execution of|Apply this change\?|requires permission|wants to (run|edit|use|access)/i],
];

/**
 * Reads the prompt an assistant is waiting on from the bottom of its screen: numbered options
 * (`❯ 1. Yes`), or a marked unnumbered menu above an action hint; `selected` is the marked one.
 * Old prompts in the scrollback don't count: the block must reach the last lines of the screen.
 */
export function findPrompt(lines: string[]): PromptState | null {
  const hintAt = findHint(lines);
  const end = hintAt ?? lines.length;
  const top = blockTop(lines, end);
  const block = lines.slice(top, end);
  let options = numbered(block);
  if (options.list.length === 0 && hintAt !== null) options = marked(block);
  if (options.list.length === 0) return null;
  const text = block.join('\n');
  const type = PATTERNS.find(([, re]) => re.test(text))?.[0] ?? null;
  // Without a hint line, numbered lines are only a prompt when the words say so (a numbered list
  // in a reply is not); with no input box below them (it is replaced while a prompt shows).
  if (hintAt === null && (type === null || options.lastLine < block.length - 6)) return null;
  return {
    type: type ?? 'selection',
    question: questionOf(block, options.firstLine),
    options: options.list,
    selected: options.selected,
  };
}

function findHint(lines: string[]): number | null {
  for (let i = lines.length - 1, seen = 0; i >= 0 && seen < 5; i--) {
    if (!lines[i]!.trim()) continue;
    seen++;
    if (HINT.test(lines[i]!)) return i;
  }
  return null;
}

/** A rule or the top of a box opens a prompt block; a box's bottom edge does not. */
const isBlockStart = (line: string) => /^\s*[─━]{20,}\s*$/.test(line) || /^\s*╭[─━]{18,}/.test(line);

function blockTop(lines: string[], end: number): number {
  for (let i = end - 1; i >= Math.max(0, end - 30); i--) if (isBlockStart(lines[i]!)) return i + 1;
  return Math.max(0, end - 30);
}

interface Options { list: PromptState['options']; selected: number | null; firstLine: number; lastLine: number }

/** The last run of numbered lines 1, 2, 3… in the block (descriptions may sit between them). */
function numbered(block: string[]): Options {
  let list: PromptState['options'] = [];
  let selected: number | null = null;
  let firstLine = -1;
  let lastLine = -1;
  block.forEach((line, i) => {
    const m = NUMBERED.exec(line);
    if (!m) return;
    const index = Number(m[2]);
    if (index === 1) { list = []; selected = null; firstLine = i; }
    else if (index !== list.length + 1) return;
    list.push({ index, label: m[3]! });
    if (m[1]) selected = index;
    lastLine = i;
  });
  return { list, selected, firstLine, lastLine };
}

/** An unnumbered menu: the marked line and its neighbours whose text starts in the same column. */
function marked(block: string[]): Options {
  const at = block.findIndex((line) => MARKED.test(line));
  if (at < 0) return { list: [], selected: null, firstLine: -1, lastLine: -1 };
  const m = MARKED.exec(block[at]!)!;
  const column = block[at]!.indexOf(m[3]!);
  const sameColumn = (line: string | undefined) => line !== undefined && line.trim() !== '' && line.search(/\S/) === column;
  let first = at;
  let last = at;
  while (sameColumn(block[first - 1])) first--;
  while (sameColumn(block[last + 1])) last++;
  const list = block.slice(first, last + 1).map((line, i) => ({ index: i + 1, label: line.trim().replace(/^[❯›●▶→]\s+/u, '') }));
  return { list, selected: at - first + 1, firstLine: first, lastLine: last };
}

/** How assistants phrase the question itself (a reason or command quoted above may also hold a '?'). */
const ASKING = /^(Do you|Would you|Allow|Is this|Which|What|Apply|Proceed|Ready|Exit)\b/i;

/**
 * The question above the options: the nearest line phrased as one, else the nearest line holding
 * a '?'; cut after its question mark.
 */
function questionOf(block: string[], firstOption: number): string {
  const above = block.slice(0, Math.max(0, firstOption)).map((l) => l.trim().replace(/^[?!]\s+/, '')).filter(Boolean);
  const cut = (line: string) => line.slice(0, line.indexOf('?') + 1).trim();
  const asking = above.findLast((line) => line.includes('?') && ASKING.test(line.slice(line.search(/[A-Za-z]/))));
  if (asking) return cut(asking);
  const any = above.findLast((line) => line.includes('?'));
  return any ? cut(any) : above[0] ?? '';
}
