import { describe, expect, it } from 'bun:test';
import { sessionOf } from '../../src/accounting/meter';

const UUID_A = '6f1c2a4e-1b2c-4d5e-8f90-0123456789ab';
const UUID_B = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const json = (session_id: unknown) => ({ userId: JSON.stringify({ device_id: 'd', account_uuid: '', session_id }) });
const legacy = (uuid: string) => ({ userId: `user_abc_account__session_${uuid}` });
const none = new Headers();

describe("the Claude Code session of a request", () => {
  it('prefers the x-claude-code-session-id header, then reads metadata.user_id in either form', () => {
    expect(sessionOf(new Headers({ 'x-claude-code-session-id': ' hdr-1 ' }), json(UUID_A))).toBe('hdr-1');
    expect(sessionOf(none, json(UUID_A))).toBe(UUID_A);
    expect(sessionOf(none, legacy(UUID_B))).toBe(UUID_B);
    expect(sessionOf(none, { userId: undefined })).toBeNull();
    expect(sessionOf(none, { userId: 42 })).toBeNull();
  });

  it('answers each user_id for itself when requests from several sessions interleave', () => {
    const seen = [json(UUID_A), json(UUID_B), json(UUID_A), legacy(UUID_B), json('bad id with spaces'), json(UUID_A), { userId: '{not json' }, json(UUID_B)]
      .map((body) => sessionOf(none, body));
    expect(seen).toEqual([UUID_A, UUID_B, UUID_A, UUID_B, null, UUID_A, null, UUID_B]);
  });
});
