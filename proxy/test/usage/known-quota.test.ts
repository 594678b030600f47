import { describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@devhub/shared';
import { KeyPool, MAX_REST_MS } from '../../src/upstream/key-pool';
import { fingerprint } from '../../src/usage';
import { restKnownEmptyKeys } from '../../src/usage/known-quota';
import { makeConfig, tempDir } from './helpers';

const KEY = 'sk-cp-knownquota-0123456789';
const NOW = Date.parse('2026-11-30T12:00:00.000Z');

/** A logger that keeps its info lines. */
function lines(): { log: Logger; info: string[] } {
  const info: string[] = [];
  const log = { info: (text: string) => info.push(text), warn: () => {}, error: () => {}, debug: () => {} } as unknown as Logger;
  return { log, info };
}

describe('restKnownEmptyKeys', () => {
  it('says the rest the pool applied when a stored rest lies beyond the 31-day cap', () => {
    using dir = tempDir('mp-known-');
    const cachePath = join(dir.path, 'usage-cache.json');
    const rests = { [fingerprint(KEY)]: { since: '2026-11-30T11:00:00.000Z', until: '9999-01-01T00:00:00.000Z' } };
    writeFileSync(cachePath, JSON.stringify({ version: 1, entries: {}, rests }));
    const config = makeConfig({ mm: { base_url: 'http://127.0.0.1:9/anthropic', api_keys: [{ key: KEY }] } });
    const pool = new KeyPool(() => NOW);
    const { log, info } = lines();
    expect(restKnownEmptyKeys(config, pool, cachePath, log, new Date(NOW))).toBe(1);
    const capped = new Date(NOW + MAX_REST_MS).toISOString();
    expect(info).toEqual([`mm#1: its plan window was used up (2026-11-30T11:00:00.000Z); still resting until ${capped}`]);
  });
});
