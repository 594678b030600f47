export interface Painter {
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) => `\x1b[${open}m${text}\x1b[${close}m`;

const COLOURS: Painter = { green: wrap(32, 39), red: wrap(31, 39), yellow: wrap(33, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
const PLAIN: Painter = { green: (s) => s, red: (s) => s, yellow: (s) => s, dim: (s) => s, bold: (s) => s };

/**
 * Colour only on a terminal, never with NO_COLOR (no-color.org: any non-empty value). FORCE_COLOR
 * turns it on for a pipe (used by tests and by `less -R` users).
 */
export function useColor(isTTY: boolean | undefined, env: Record<string, string | undefined> = process.env): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return Boolean(isTTY) && env.TERM !== 'dumb';
}

export const painter = (enabled: boolean): Painter => (enabled ? COLOURS : PLAIN);
