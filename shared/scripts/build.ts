#!/usr/bin/env bun
/** `bun run build`: compiles dist/modelproxy, dist/agentgw and dist/mahjong. */
import { join } from 'node:path';
import { PRODUCTS } from './products';

const root = join(import.meta.dir, '..', '..');
const only = process.argv.slice(2);
let failed = 0;
for (const product of PRODUCTS) {
  if (only.length && !only.includes(product.pkg) && !only.includes(product.bin)) continue;
  const proc = Bun.spawn(['bun', 'run', 'build'], { cwd: join(root, product.pkg), stdout: 'inherit', stderr: 'inherit' });
  const code = await proc.exited;
  if (code !== 0) { failed++; console.error(`build of ${product.bin} failed (${code})`); }
}
process.exit(failed ? 1 : 0);
