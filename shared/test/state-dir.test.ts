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

describe('listen errors', () => {
  const at = { host: '127.0.0.1', port: 8000 };
  it('says what to change for each failure, naming the program', async () => {
    const { listenErrorMessage } = await import('../src');
    const err = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    expect(listenErrorMessage(err('EADDRINUSE'), at, 'demo')).toBe('cannot listen on 127.0.0.1:8000: the port is in use (another demo?); choose another with --port');
    expect(listenErrorMessage(new Error('Failed to start server. Is port 8000 in use?'), at, 'demo')).toContain('the port is in use');
    expect(listenErrorMessage(err('EACCES'), at, 'demo')).toContain('permission denied');
    expect(listenErrorMessage(err('EADDRNOTAVAIL'), at, 'demo')).toContain('no such address');
  });
});
