import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
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

/** Tracked text files of the repository (what a clean clone holds). */
function trackedTextFiles(): string[] {
  const listed = Bun.spawnSync(['git', 'ls-files'], { cwd: ROOT, stdout: 'pipe' });
  return new TextDecoder().decode(listed.stdout).split('\n').filter((file) => /\.(ts|js|md|ya?ml|json|py|sh|toml)$|^\.ci\/run$/.test(file));
}

// ARCHITECTURE.md rules 3 and 7, checked on every tracked file.
describe('repository rules', () => {
  it('finds the tracked files', () => {
    expect(trackedTextFiles().length).toBeGreaterThan(500);
  });

  it('no file cites a decisions file or a spec, reference or data path outside the repository', () => {
    // Built from parts so that this file does not match itself.
    const outside = new RegExp(['DECISION' + 'S', 'shared/(spec|ref|data)/', 'spec/(proxy|gateway|mahjong)\\.md', '(proxy-upstreams|gateway-formats|mahjong-reference)\\.md'].join('|'));
    const citing: string[] = [];
    for (const file of trackedTextFiles()) {
      readFileSync(join(ROOT, file), 'utf8').split('\n').forEach((line, i) => {
        if (outside.test(line)) citing.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(citing).toEqual([]);
  });

  it('no product code calls process.exit (exit codes come from the shared CLI runner)', () => {
    const exiting = trackedTextFiles()
      .filter((file) => /^(shared|proxy|gateway|mahjong)\/src\/.*\.(ts|js)$/.test(file))
      .filter((file) => /\bprocess\.exit\(/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(exiting).toEqual([]);
  });
});
