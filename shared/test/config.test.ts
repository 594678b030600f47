import { afterAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type as t } from '@sinclair/typebox';
import { ConfigError, formatPath, loadConfig } from '../src';
import { ALIAS_BOMB_YAML, useTempDirs } from '../src/testing';

const temp = useTempDirs(afterAll);

const Schema = t.Object({
  server: t.Object({ host: t.String({ default: '127.0.0.1' }), port: t.Integer({ default: 8765, minimum: 0, maximum: 65535 }) }, { default: {} }),
  providers: t.Record(t.String(), t.Object({ base_url: t.String(), api_keys: t.Array(t.Object({ key: t.String() })) }), { default: {} }),
  routes: t.Array(t.Object({ match: t.String(), provider: t.String() }), { default: [] }),
});

function file(text: string): string {
  const dir = temp.make('cfg-');
  const path = join(dir, 'config.yaml');
  writeFileSync(path, text);
  return path;
}

function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('config loader', () => {
  it('fills defaults for a missing file and for missing sections', () => {
    expect(loadConfig('/nonexistent/config.yaml', { schema: Schema })).toEqual({ server: { host: '127.0.0.1', port: 8765 }, providers: {}, routes: [] });
    expect(loadConfig(file('server: { port: 9000 }\n'), { schema: Schema }).server).toEqual({ host: '127.0.0.1', port: 9000 });
  });

  it('reports a YAML syntax error with its line', () => {
    const problems = problemsOf(() => loadConfig(file('server:\n  port: [1, 2\n'), { schema: Schema }));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^line \d+, column \d+: /);
  });

  it('reports a YAML alias bomb as a problem, not an exception', () => {
    const problems = problemsOf(() => loadConfig(file(ALIAS_BOMB_YAML), { schema: Schema }));
    expect(problems).toEqual([expect.stringContaining('Excessive alias count')]);
  });

  it('reports every bad path at once, with the file name in the message', () => {
    const path = file(['server: { port: "x" }', 'providers:', '  minimax:', '    base_url: 3', '    api_keys:', '      - { key: 5 }'].join('\n'));
    let error: ConfigError | undefined;
    try { loadConfig(path, { schema: Schema }); } catch (e) { error = e as ConfigError; }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.message).toContain(path);
    const paths = error!.problems.map((p) => p.split(':')[0]);
    expect(paths).toContain('server.port');
    expect(paths).toContain('providers.minimax.base_url');
    expect(paths).toContain('providers.minimax.api_keys[0].key');
  });

  it('runs semantic checks after the schema passes', () => {
    const path = file('providers: {}\nroutes:\n  - { match: ".*", provider: ghost }\n');
    const problems = problemsOf(() => loadConfig(path, {
      schema: Schema,
      check: (c) => c.routes.filter((r) => !(r.provider in c.providers)).map((r, i) => `routes[${i}].provider: unknown provider "${r.provider}"`),
    }));
    expect(problems).toEqual(['routes[0].provider: unknown provider "ghost"']);
  });

  it('fails for a missing file when required', () => {
    expect(problemsOf(() => loadConfig('/nonexistent/x.yaml', { schema: Schema, required: true }))).toEqual(['file not found']);
  });

  it('formats JSON pointers as dotted paths', () => {
    expect(formatPath('/a/b/0/c')).toBe('a.b[0].c');
    expect(formatPath('')).toBe('(root)');
  });
});
