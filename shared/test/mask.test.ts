import { describe, expect, it } from 'bun:test';
import { maskKey, maskUrlPasswords, redact } from '../src';

describe('key masking', () => {
  it('shows the first and last four characters only', () => {
    expect(maskKey('sk-cp-1234567890abcdef')).toBe('sk-c***cdef');
  });
  it('hides short and empty secrets entirely', () => {
    expect(maskKey('12345678')).toBe('***');
    expect(maskKey('')).toBe('***');
    expect(maskKey(undefined)).toBe('***');
  });
  it('redacts every occurrence of a secret in text', () => {
    const secret = 'sk-secret-abcdefgh';
    const text = `auth failed for ${secret}; retry ${secret}`;
    const out = redact(text, [secret]);
    expect(out).not.toContain(secret);
    expect(out).toBe('auth failed for sk-s***efgh; retry sk-s***efgh');
  });
  it('masks the password of every URL in text and keeps the rest', () => {
    expect(maskUrlPasswords('base_url: http://admin:BASICPASS-9999@host:8080/anthropic # via "https://u:pw@x/"'))
      .toBe('base_url: http://admin:BASI***9999@host:8080/anthropic # via "https://u:***@x/"');
    expect(maskUrlPasswords('see https://user@host/a:b@c and http://host:8080/x')).toBe('see https://user@host/a:b@c and http://host:8080/x');
  });
});
