import { resolve } from 'node:path';
import { expandHome, resolveStateDir } from '@devhub/shared';
import { DB_FILE } from './sqlite';

/** mahjong's state directory: `--data-dir`, else env MAHJONG_DIR, else ~/.mahjong. */
export function dataDir(flag?: string, env: Record<string, string | undefined> = process.env): string {
  if (flag?.trim()) return resolve(expandHome(flag.trim(), env));
  return resolveStateDir({ envVar: 'MAHJONG_DIR', defaultName: '.mahjong' }, env);
}

/** The finished-game database in a state directory. */
export const gameDbPath = (dir: string): string => resolve(dir, DB_FILE);
