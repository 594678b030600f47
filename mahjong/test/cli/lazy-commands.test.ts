import { describe, expect, it } from 'bun:test';
import { resolve } from 'node:path';
import { main } from '../../src/cli/index';

const CLI = resolve(import.meta.dir, '../../src/cli');

interface MetaInput {
  imports: { path: string; kind: string }[];
}

/** The modules the root evaluates: its file and its static imports, resolved by Bun's bundler. */
async function loadedModules(entry: string): Promise<string[]> {
  const result = await Bun.build({ entrypoints: [resolve(CLI, entry)], target: 'bun', metafile: true, throw: true });
  const inputs = result.metafile!.inputs as Record<string, MetaInput>;
  const start = Object.keys(inputs).find((path) => resolve(path) === resolve(CLI, entry))!;
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const imported of inputs[queue.shift()!]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' || seen.has(imported.path)) continue;
      seen.add(imported.path);
      queue.push(imported.path);
    }
  }
  return [...seen];
}

describe('mahjong commands load only when they run', () => {
  it("the root imports no command statically, and its listing matches each command's own description", async () => {
    const modules = await loadedModules('index.ts');
    expect(modules.map((m) => resolve(m)).filter((m) => m.startsWith(`${CLI}/`) && m !== resolve(CLI, 'index.ts'))).toEqual([]);
    const subs = main.subCommands as Record<string, { meta: { description: string } }>;
    const loaders: Record<string, () => Promise<{ default: { meta?: unknown } }>> = {
      serve: () => import('../../src/cli/serve'), verify: () => import('../../src/cli/verify'), arena: () => import('../../src/cli/arena'),
      simulate: () => import('../../src/cli/simulate'), score: () => import('../../src/cli/score'), train: () => import('../../src/cli/train'),
      convert: () => import('../../src/cli/convert'), games: () => import('../../src/cli/games'), ladder: () => import('../../src/cli/ladder'),
      env: () => import('../../src/cli/env'), review: () => import('../../src/cli/review'),
    };
    expect(Object.keys(subs).sort()).toEqual(Object.keys(loaders).sort());
    for (const [name, sub] of Object.entries(subs)) {
      const own = (await loaders[name]!()).default.meta as { description: string };
      expect({ name, description: sub.meta.description }).toEqual({ name, description: own.description });
    }
  });
});
