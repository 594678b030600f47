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

export { useColor } from '@devhub/shared/cli';

export const painter = (enabled: boolean): Painter => (enabled ? COLOURS : PLAIN);
