import { describe, expect, it } from 'bun:test';
import { resolve } from 'node:path';
import { main } from '../../src/cli/index';

const CLI = resolve(import.meta.dir, '../../src/cli');

interface MetaInput {
  imports: { path: string; kind: string }[];
}

/**
 * The modules a command evaluates when it runs: its file and everything it imports statically,
 * resolved by Bun's own bundler (dynamic imports load only when reached, so they are not followed).
 */
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

const packageOf = (path: string) => /node_modules\/(?:\.bun\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? null;
const packages = (modules: string[]) => new Set(modules.map(packageOf).filter((p): p is string => p !== null));

describe('each command loads only its own code', () => {
  it('statusline (run on every Claude Code refresh) loads neither the server, the config schema nor the YAML parser', async () => {
    const modules = await loadedModules('statusline.ts');
    expect([...packages(modules)].sort()).toEqual(['citty']);
    expect(modules.some((m) => m.includes('/src/upstream/') || m.includes('/src/modules/'))).toBe(false);
  });

  it('stats, usage and status stay out of the server (elysia)', async () => {
    for (const entry of ['stats.ts', 'usage.ts', 'status.ts']) {
      const found = packages(await loadedModules(entry));
      expect({ entry, elysia: found.has('elysia') }).toEqual({ entry, elysia: false });
    }
  });

  it('the root command imports no command statically, and its listing matches each command\'s own description', async () => {
    const modules = await loadedModules('index.ts');
    expect(modules.map((m) => resolve(m)).filter((m) => m.startsWith(`${CLI}/`) && m !== resolve(CLI, 'index.ts'))).toEqual([]);
    const subs = main.subCommands as Record<string, { meta: { description: string } }>;
    const loaders: Record<string, () => Promise<{ default: { meta?: unknown } }>> = {
      serve: () => import('../../src/cli/serve'), usage: () => import('../../src/cli/usage'), status: () => import('../../src/cli/status'),
      stats: () => import('../../src/cli/stats'), statusline: () => import('../../src/cli/statusline'), service: () => import('../../src/cli/service/index'),
      config: () => import('../../src/cli/config/index'), settings: () => import('../../src/cli/settings/index'), doctor: () => import('../../src/cli/doctor/index'),
      sync: () => import('../../src/cli/sync/index'), update: () => import('../../src/cli/update/index'), logs: () => import('../../src/cli/service/logs'),
      check: () => import('../../src/cli/check'), run: () => import('../../src/cli/serve'),
    };
    expect(Object.keys(subs).sort()).toEqual(Object.keys(loaders).sort());
    for (const [name, sub] of Object.entries(subs)) {
      const listed = sub.meta;
      const own = (await loaders[name]!()).default.meta as { description: string };
      expect({ name, description: listed.description }).toEqual({ name, description: name === 'run' ? 'Alias of serve' : own.description });
    }
  });
});
