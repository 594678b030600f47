import { isValidKey } from '../tmux';

const NAMES: Record<string, string> = {
  enter: 'Enter', return: 'Enter', ret: 'Enter', esc: 'Escape', escape: 'Escape', tab: 'Tab', 'shift-tab': 'BTab', btab: 'BTab',
  up: 'Up', down: 'Down', left: 'Left', right: 'Right', space: 'Space', backspace: 'BSpace', bs: 'BSpace', bspace: 'BSpace',
  delete: 'DC', del: 'DC', home: 'Home', end: 'End', pgup: 'PageUp', pageup: 'PageUp', pgdn: 'PageDown', pagedown: 'PageDown',
  insert: 'IC', ins: 'IC',
};

/**
 * A key as people write it in chat (`enter`, `esc`, `ctrl-c`, `Ctrl+C`, `^c`, `alt-x`, `f5`, `y`, `1`)
 * as the tmux key name the key endpoint takes; null when it is none.
 */
export function chatKey(word: string): string | null {
  const w = word.trim();
  if (!w) return null;
  const lower = w.toLowerCase();
  if (NAMES[lower]) return NAMES[lower]!;
  const ctrl = /^(?:ctrl|control|c)[-+](.)$/i.exec(w) ?? /^\^(.)$/.exec(w);
  if (ctrl) return `C-${ctrl[1]!.toLowerCase()}`;
  const alt = /^(?:alt|meta|m)[-+](.)$/i.exec(w);
  if (alt) return `M-${alt[1]!.toLowerCase()}`;
  if (/^f([1-9]|1[0-2])$/i.test(w)) return w.toUpperCase();
  return isValidKey(w) ? w : null;
}
