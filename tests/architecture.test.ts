import { describe, expect, it } from 'bun:test';
import { join, relative } from 'node:path';
import { cycles, importGraph } from '../shared/src/import-graph';

const ROOT = join(import.meta.dir, '..');

// ARCHITECTURE.md: no import cycles in any product (type-only and dynamic imports count).
describe('import graphs', () => {
  for (const tree of ['shared/src', 'proxy/src', 'gateway/src', 'mahjong/src']) {
    it(`${tree} has no import cycles`, () => {
      const root = join(ROOT, tree);
      const graph = importGraph(root);
      expect(graph.size).toBeGreaterThan(15);
      expect(cycles(graph).map((c) => c.map((file) => relative(root, file)))).toEqual([]);
    });
  }

  it('the rule modules of a hand import its state type, not the class that owns it', () => {
    const table = join(ROOT, 'mahjong/src/engine/table');
    const graph = importGraph(table);
    for (const module of ['calls', 'options', 'response-options', 'responses', 'self-step', 'settle']) {
      expect(graph.get(join(table, `${module}.ts`))!.map((f) => relative(table, f))).not.toContain('kyoku.ts');
    }
  });
});
