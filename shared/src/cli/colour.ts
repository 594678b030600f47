/**
 * Colour only on a terminal, never with NO_COLOR (no-color.org: any non-empty value). FORCE_COLOR
 * turns it on for a pipe (used by tests and by `less -R` users).
 */
export function useColor(isTTY: boolean | undefined, env: Record<string, string | undefined> = process.env): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return Boolean(isTTY) && env.TERM !== 'dumb';
}

export const stripAnsi = (text: string): string => text.replace(/\x1b\[[0-9;]*m/g, '');
