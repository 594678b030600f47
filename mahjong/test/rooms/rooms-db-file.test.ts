import { afterAll, describe, expect, it } from 'bun:test';
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { createApp } from '../../src/app';
import { roomStoreFor } from '../../src/modules/rooms/setup';
import { post } from './helpers';

// rooms.sqlite keeps each room in play with its wall secret, from which every hand and draw to
// come follows: no other user of the machine may read it, whatever the data directory's mode.
const temp = useTempDirs(afterAll);

describe('rooms.sqlite', () => {
  it('is readable by its owner only, as are its WAL files, even in a directory others may read', async () => {
    const dir = temp.make('mj-rooms-file-');
    chmodSync(dir, 0o755); // an existing data directory shared with other users
    const roomStore = await roomStoreFor({ dataDir: dir, maxRooms: 10, ttlMs: 60_000 });
    const app = createApp({ roomStore, roomSettings: { botDelayMs: 60_000 } }).listen({ hostname: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${app.server!.port}`;
    try {
      const a = await post(base, '/api/rooms', { name: 'Alice', max_round: 0 });
      const id = a.body.room.room_id as string;
      await post(base, `/api/rooms/${id}/seats`, { name: 'Bob' });
      expect((await post(base, `/api/rooms/${id}/start`, {}, a.body.token)).status).toBe(200);
      const file = join(dir, 'rooms.sqlite');
      // The secret is there (a restart deals on from it), so the file must be private.
      const text = readFileSync(file, 'latin1') + (existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`, 'latin1') : '');
      expect(text).toMatch(/"wallSecret":"[0-9a-f]{64}"/);
      for (const f of [file, `${file}-wal`, `${file}-shm`].filter(existsSync)) expect([f, statSync(f).mode & 0o777]).toEqual([f, 0o600]);
    } finally {
      app.decorator.rooms.closeStreams();
      await app.stop(true);
      await roomStore.close();
    }
  });
});
