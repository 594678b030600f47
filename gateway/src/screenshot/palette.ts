/** xterm's default 16 colours (the palette most terminal screenshots use), then the 256-colour cube and greys. */
const BASE16 = [
  '#000000', '#cd3131', '#0dbc79', '#e5e510', '#2472c8', '#bc3fbc', '#11a8cd', '#e5e5e5',
  '#666666', '#f14c4c', '#23d18b', '#f5f543', '#3b8eea', '#d670d6', '#29b8db', '#ffffff',
];

export const DEFAULT_FG = '#d4d4d4';
export const DEFAULT_BG = '#1e1e1e';

const hex = (n: number) => n.toString(16).padStart(2, '0');

export const PALETTE: string[] = (() => {
  const out = [...BASE16];
  const steps = [0, 95, 135, 175, 215, 255];
  for (let r = 0; r < 6; r++) for (let g = 0; g < 6; g++) for (let b = 0; b < 6; b++) {
    out.push(`#${hex(steps[r]!)}${hex(steps[g]!)}${hex(steps[b]!)}`);
  }
  for (let i = 0; i < 24; i++) { const v = 8 + i * 10; out.push(`#${hex(v)}${hex(v)}${hex(v)}`); }
  return out;
})();

export const rgbHex = (rgb: number) => `#${(rgb & 0xffffff).toString(16).padStart(6, '0')}`;
