import { afterAll, describe, expect, it } from 'bun:test';
import { chmodSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { tokenHash } from '../../src/modules/backend/game-store';
import { SqliteGameStore } from '../../src/modules/backend/sqlite';

// games.sqlite holds every finished game whole (a human_ai game's record is its player's: README,
// Fair play) and each token's hash: no other user of the machine may read it, as sessions.sqlite.
const temp = useTempDirs(afterAll);

describe('games.sqlite', () => {
  it('is readable by its owner only, as are its WAL files, even in a directory others may read', async () => {
    const dir = temp.make('mj-games-file-');
    chmodSync(dir, 0o755); // an existing data directory shared with other users
    const file = join(dir, 'games.sqlite');
    const store = new SqliteGameStore(file);
    try {
      await store.save({
        id: crypto.randomUUID(), createdAt: new Date().toISOString(), finishedAt: new Date().toISOString(), mode: 'human_ai', maxRound: 0,
        seed: 7, seeded: false, ais: [null, 'strong', 'strong', 'strong'], scores: [25000, 25000, 25000, 25000], points: [0, 0, 0, 0],
        placements: [1, 2, 3, 4], hands: 1, tokenHash: tokenHash('t'.repeat(64)), mjlog: '<mjloggm ver="2.3"></mjloggm>',
      });
      expect((await store.list({ owners: 'all', limit: 10, offset: 0 })).total).toBe(1);
      for (const f of [file, `${file}-wal`, `${file}-shm`].filter(existsSync)) expect([f, statSync(f).mode & 0o777]).toEqual([f, 0o600]);
    } finally {
      await store.close();
    }
  });
});
