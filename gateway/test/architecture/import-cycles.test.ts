import { describe, expect, it } from 'bun:test';
import { join, relative, resolve } from 'node:path';
import { cycles, importGraph } from '@devhub/shared/import-graph';

const SRC = resolve(import.meta.dir, '../../src');

describe('gateway/src import graph', () => {
  it('has no import cycles (type-only imports included)', () => {
    const graph = importGraph(SRC);
    expect(graph.size).toBeGreaterThan(50);
    expect(cycles(graph).map((c) => c.map((file) => relative(SRC, file)))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']], ['e', ['e']]]);
    expect(cycles(graph).sort()).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('reads every kind of import statement', () => {
    const graph = importGraph(SRC);
    const app = graph.get(join(SRC, 'app.ts'))!.map((f) => relative(SRC, f));
    expect(app).toContain('modules/ws/index.ts');
    const cli = graph.get(join(SRC, 'cli/index.ts'))!.map((f) => relative(SRC, f));
    expect(cli).toContain('cli/server/index.ts'); // import('./server')
  });
});
