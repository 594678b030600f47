import { describe, expect, it } from 'bun:test';
import { resolveListen, resolveStateDir } from '../src';

const spec = { envVar: 'MODELPROXY_DIR', defaultName: '.modelproxy' };

describe('state directory', () => {
  it('defaults to a folder in HOME', () => {
    expect(resolveStateDir(spec, { HOME: '/home/u' })).toBe('/home/u/.modelproxy');
  });
  it('honours the env override, expanding ~', () => {
    expect(resolveStateDir(spec, { HOME: '/home/u', MODELPROXY_DIR: '/tmp/x' })).toBe('/tmp/x');
    expect(resolveStateDir(spec, { HOME: '/home/u', MODELPROXY_DIR: '~/alt' })).toBe('/home/u/alt');
  });
});

describe('listen address', () => {
  const env = { host: 'X_HOST', port: 'X_PORT' };
  const defaults = { host: '127.0.0.1', port: 8765 };
  it('prefers flag over env over default', () => {
    expect(resolveListen({}, env, defaults, {})).toEqual(defaults);
    expect(resolveListen({}, env, defaults, { X_PORT: '9000' })).toEqual({ host: '127.0.0.1', port: 9000 });
    expect(resolveListen({ port: '9100', host: '0.0.0.0' }, env, defaults, { X_PORT: '9000' })).toEqual({ host: '0.0.0.0', port: 9100 });
  });
  it('rejects a bad port', () => {
    expect(() => resolveListen({ port: 'abc' }, env, defaults, {})).toThrow(/invalid port/);
  });
});
