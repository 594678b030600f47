import type { ConsolaInstance } from 'consola';
import { replicaOf } from '../backend/replicas';
import type { GameFactories } from '../game/service';
import { RoomDriver, type DriverTiming } from './driver';
import { saveGameResult } from './game-result';
import { roomView } from './room-view';
import { RoomTable } from './table';
import type { RoomNotice, RoomRecord, RoomStore } from './types';

export interface TablesDeps {
  store: RoomStore;
  factories: GameFactories;
  timing: DriverTiming;
  log: ConsolaInstance;
  now: () => number;
  /** The room's record (RoomNotFound when there is none). */
  record: (id: string) => Promise<RoomRecord>;
}

/**
 * The replicas (RoomTable) of the rooms this server serves, each with its driver while this server
 * drives it. Every server hears every room's notices and brings its replica up to date; only the
 * lease holder drives the game.
 */
export class RoomTables {
  private readonly tables = new Map<string, Promise<RoomTable>>();
  private readonly drivers = new Map<string, RoomDriver>();

  constructor(private readonly deps: TablesDeps) {
    deps.store.onNotice((id, what) => void this.onNotice(id, what).catch((err) => deps.log.warn(`room ${id}: ${String(err)}`)));
  }

  /** This server's replica of the room, built on first use. */
  async table(id: string): Promise<RoomTable> {
    const table = await replicaOf(this.tables, id, () => this.build(id));
    await this.deps.store.touch(id);
    return table;
  }

  private async build(id: string): Promise<RoomTable> {
    const { store, factories, log, now } = this.deps;
    const record = await this.deps.record(id);
    const table = new RoomTable(record, {
      store, factories, log, now,
      onGameOver: (t) => void saveGameResult(store, t, now).catch((err) => log.error(`room ${t.id}: the result was not saved`, err)),
      onBroken: (t, err) => {
        log.warn(`room ${t.id}: this server's copy is out of step (${String(err)}); rebuilding it on next use`);
        this.drop(t.id);
      },
      onConnections: (t) => void this.connectionsChanged(t),
    });
    table.connected = await store.connected(id);
    await table.catchUp();
    return table;
  }

  private async connectionsChanged(table: RoomTable): Promise<void> {
    await this.deps.store.setConnections(table.id, table.connections()).catch(() => undefined);
    await this.deps.store.notify(table.id, 'conn').catch(() => undefined);
    if (table.watchers > 0) this.drive(table);
  }

  /** The driver of a started room runs here while this server has streams of it (README: who drives). */
  drive(table: RoomTable): void {
    if (table.record.status !== 'playing' || this.drivers.has(table.id)) return;
    const driver = new RoomDriver(table, this.deps.store, this.deps.timing, this.deps.log, () => this.drivers.delete(table.id));
    this.drivers.set(table.id, driver);
    driver.start();
  }

  /** Something changed in the room (a step, a connection): its driver here looks again now. */
  wake(id: string): void {
    this.drivers.get(id)?.wake();
  }

  private async onNotice(id: string, what: RoomNotice): Promise<void> {
    const store = this.deps.store;
    const pending = this.tables.get(id);
    if (!pending) return;
    const table = await pending.catch(() => null);
    if (!table) return;
    if (what === 'deleted') { this.drop(id); return; }
    if (what === 'step') await table.catchUp();
    else {
      const record = await store.get(id);
      if (!record) { this.drop(id); return; }
      table.connected = await store.connected(id);
      await table.refresh(record);
      table.broadcastRoom(await roomView(store, record, null, table.connected));
    }
    if (table.watchers > 0) this.drive(table);
    this.wake(id);
  }

  /** Renews the rooms that have streams here: kept from expiring, their connections stored again (they lapse otherwise). */
  async renewWatched(): Promise<void> {
    for (const [id, pending] of this.tables) {
      const table = await pending.catch(() => null);
      if (table && table.watchers > 0) {
        await this.deps.store.touch(id);
        await this.deps.store.setConnections(id, table.connections()).catch(() => undefined);
      }
    }
  }

  /** This server forgets the room: its driver stops and its streams end. */
  drop(id: string): void {
    const pending = this.tables.get(id);
    this.tables.delete(id);
    this.drivers.get(id)?.stop();
    this.drivers.delete(id);
    void pending?.then((t) => t.dispose(), () => undefined);
  }

  /** Ends every stream here (a stopping server). */
  closeStreams(): void {
    for (const id of [...this.tables.keys()]) this.drop(id);
  }
}
