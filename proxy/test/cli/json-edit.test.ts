import { describe, expect, it } from 'bun:test';
import { setTopLevelMember } from '../../src/cli/settings/json-edit';

const ENV = { ANTHROPIC_BASE_URL: 'http://127.0.0.1:8765' };

describe('editing one member of settings.json in place', () => {
  it('replaces only the env member and keeps every other byte', () => {
    const before = '{\n  "model": "opus",\n  "env": {\n    "OLD": "1"\n  },\n  "hooks": { "x": "a}b\\"c" }\n}\n';
    expect(setTopLevelMember(before, 'env', ENV)).toBe('{\n  "model": "opus",\n  "env": {\n    "ANTHROPIC_BASE_URL": "http://127.0.0.1:8765"\n  },\n  "hooks": { "x": "a}b\\"c" }\n}\n');
  });

  it('ignores a nested member with the same name', () => {
    const before = '{\n  "hooks": { "env": { "KEEP": "me" } }\n}\n';
    const after = setTopLevelMember(before, 'env', ENV);
    expect(JSON.parse(after)).toEqual({ env: ENV, hooks: { env: { KEEP: 'me' } } });
    expect(after).toContain('"hooks": { "env": { "KEEP": "me" } }');
  });

  it('adds the member to an object that lacks it, and to an empty object', () => {
    expect(setTopLevelMember('{\n    "model": "opus"\n}\n', 'env', ENV)).toBe('{\n    "env": {\n        "ANTHROPIC_BASE_URL": "http://127.0.0.1:8765"\n    },\n    "model": "opus"\n}\n');
    expect(JSON.parse(setTopLevelMember('{}', 'env', ENV))).toEqual({ env: ENV });
  });

  it('handles compact one-line files', () => {
    const after = setTopLevelMember('{"a":[1,{"b":"}"}],"env":{"X":"y"},"z":true}', 'env', {});
    expect(JSON.parse(after)).toEqual({ a: [1, { b: '}' }], env: {}, z: true });
    expect(after.startsWith('{"a":[1,{"b":"}"}],"env":')).toBe(true);
  });
});
