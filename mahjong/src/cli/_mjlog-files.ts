/** Collects `.mjlog`/`.xml` files from paths given on the command line (directories recursively). */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const LOG = /\.(mjlog|xml)(\.gz)?$/i;

export function collectLogFiles(paths: string[]): { files: string[]; missing: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  const walk = (p: string, explicit: boolean) => {
    let st;
    try { st = statSync(p); } catch { missing.push(p); return; }
    if (st.isDirectory()) for (const name of readdirSync(p).sort()) walk(join(p, name), false);
    else if (explicit || LOG.test(p)) files.push(p);
  };
  for (const p of paths) walk(p, true);
  return { files, missing };
}
