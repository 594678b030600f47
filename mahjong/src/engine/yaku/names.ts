/**
 * English names of every Tenhou yaku id 0–54 (as listed in mahjong/test/fixtures/data/mjlog/FORMAT.md), for
 * showing the yaku of logged wins. 36 (renhou) is in Tenhou's table but never awarded.
 */
import { ALL_YAKU } from './index';

const EXTRA: Record<number, string> = { 36: 'renhou', 52: 'dora', 53: 'ura dora', 54: 'aka dora' };

export const TENHOU_YAKU_NAMES: Readonly<Record<number, string>> = Object.freeze({
  ...Object.fromEntries(ALL_YAKU.map((y) => [y.id, y.name])),
  ...EXTRA,
});

/** Name of a Tenhou yaku id, or `yaku <id>` for an unknown one. */
export const yakuName = (id: number): string => TENHOU_YAKU_NAMES[id] ?? `yaku ${id}`;
