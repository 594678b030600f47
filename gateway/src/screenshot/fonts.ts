import { existsSync } from 'node:fs';
import { GlobalFonts } from '@napi-rs/canvas';

/** Family names we register fonts under, so rendering never depends on what fontconfig calls them. */
export const MONO = 'AgentGW Mono';
export const CJK = 'AgentGW CJK';
export const EMOJI = 'AgentGW Emoji';

const MONO_FILES = {
  regular: ['/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf', '/usr/share/fonts/TTF/DejaVuSansMono.ttf', '/Library/Fonts/DejaVuSansMono.ttf'],
  bold: ['/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf', '/usr/share/fonts/TTF/DejaVuSansMono-Bold.ttf'],
};
const CJK_FILES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc',
  '/System/Library/Fonts/PingFang.ttc',
];

const EMOJI_FILES = [
  '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf',
  '/usr/share/fonts/noto/NotoColorEmoji.ttf',
  '/usr/share/fonts/google-noto-emoji/NotoColorEmoji.ttf',
  '/System/Library/Fonts/Apple Color Emoji.ttc',
];

let loaded: { mono: boolean; cjk: boolean; emoji: boolean } | null = null;

/**
 * Registers DejaVu Sans Mono (Debian `fonts-dejavu-core`), Noto Sans CJK (`fonts-noto-cjk`) and
 * Noto Color Emoji (`fonts-noto-color-emoji`) once. `GW_SCREENSHOT_FONT` / `GW_SCREENSHOT_CJK_FONT`
 * / `GW_SCREENSHOT_EMOJI_FONT` point at other files. Missing fonts fall
 * back to the system's monospace family, so a render never fails for want of a font.
 */
export function ensureFonts(env: Record<string, string | undefined> = process.env): { mono: boolean; cjk: boolean; emoji: boolean } {
  if (loaded) return loaded;
  const register = (paths: string[], family: string) => {
    const path = paths.find((p) => existsSync(p));
    return path ? GlobalFonts.registerFromPath(path, family) !== null : false;
  };
  const mono = register([env.GW_SCREENSHOT_FONT ?? '', ...MONO_FILES.regular].filter(Boolean), MONO);
  register(MONO_FILES.bold, MONO);
  const cjk = register([env.GW_SCREENSHOT_CJK_FONT ?? '', ...CJK_FILES].filter(Boolean), CJK);
  const emoji = register([env.GW_SCREENSHOT_EMOJI_FONT ?? '', ...EMOJI_FILES].filter(Boolean), EMOJI);
  loaded = { mono, cjk, emoji };
  return loaded;
}

export const fontFamilies = () => `"${MONO}", "${CJK}", "DejaVu Sans Mono", monospace`;
/** Emoji clusters are drawn with the colour emoji font first: CJK fonts carry monochrome look-alikes. */
export const emojiFamilies = () => `"${EMOJI}", "Noto Color Emoji", "Apple Color Emoji", ${fontFamilies()}`;
