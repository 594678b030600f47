import type { Screen } from '../../tmux';

const RESET = '\x1b[0m';
const at = (row: number, col = 0) => `\x1b[${row + 1};${col + 1}H`;

function cursor(screen: Screen): string {
  return `${RESET}${at(screen.cursor.y, screen.cursor.x)}${screen.cursor.visible ? '\x1b[?25h' : '\x1b[?25l'}`;
}

/**
 * Terminal output that turns the screen `before` (null: unknown) into `after` on an xterm of the
 * same size: the whole screen when nothing is known or the size changed, else only the rows that
 * differ (each cleared and redrawn), then the cursor. Null when nothing changed.
 */
export function screenUpdate(before: Screen | null, after: Screen): { data: string; full: boolean } | null {
  const full = !before || before.width !== after.width || before.height !== after.height;
  let data = full ? `${RESET}\x1b[H\x1b[2J` : '';
  after.rows.forEach((row, i) => {
    if (!full && before!.rows[i] === row) return;
    data += `${RESET}${at(i)}\x1b[2K${row}`;
  });
  const cursorMoved = full || before!.cursor.x !== after.cursor.x || before!.cursor.y !== after.cursor.y || before!.cursor.visible !== after.cursor.visible;
  if (!data && !cursorMoved) return null;
  return { data: data + cursor(after), full };
}
