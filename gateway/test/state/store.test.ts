import { afterAll, describe, expect, it } from 'bun:test';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { useTempDirs } from '@devhub/shared/testing';
import { join } from 'node:path';
import { BridgeStore } from '../../src/bridge/store';
import { readSessionMap, StateStore, statePaths, writeSessionMapEntry, removeSessionMapEntries } from '../../src/state';
import { quietLog } from '../helpers/gateway';

const dir = useTempDirs(afterAll).make('agentgw-state-');
const record = { provider: 'shell', mode: 'normal', cwd: '/tmp', display_name: 'tmp', pane_pid: 42, created_at: '2026-01-01T00:00:00Z' };

describe('state store', () => {
  it('persists bindings and windows to state.json and reads them back', () => {
    const path = join(dir, 'a.json');
    const store = new StateStore(path, quietLog);
    store.putWindow('@1', record);
    store.bind('chat:1', '@1');
    store.bind('chat:2', '@1');
    store.setVerbose('chat:1', true);
    const again = new StateStore(path, quietLog);
    expect(again.session('chat:1')).toEqual({ channel_id: 'chat:1', window_id: '@1', verbose: true, ...record });
    expect(again.channelsForWindow('@1').sort()).toEqual(['chat:1', 'chat:2']);
    expect(JSON.parse(readFileSync(path, 'utf8')).version).toBe(1);
  });

  it('forgets every binding of a removed window', () => {
    const store = new StateStore(join(dir, 'b.json'), quietLog);
    store.putWindow('@2', record);
    store.bind('x', '@2');
    expect(store.removeWindow('@2')).toEqual(['x']);
    expect(store.session('x')).toBeNull();
    expect(store.unbind('x')).toBeNull();
  });

  it('moves a corrupt state.json aside and starts empty instead of crashing', () => {
    const path = join(dir, 'c.json');
    writeFileSync(path, '{"version": 1, "bindings": {"a": ');
    const store = new StateStore(path, quietLog);
    expect(store.bindings()).toEqual({});
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).some((f) => f.startsWith('c.json.corrupt-'))).toBe(true);
    writeFileSync(path, JSON.stringify({ version: 1, bindings: { a: { window_id: 7 } }, windows: {} }));
    expect(new StateStore(path, quietLog).bindings()).toEqual({});
  });

  it('keeps keys named like prototype properties, in state.json and bridge.json, and finds no others', () => {
    const path = join(dir, 'proto.json');
    const store = new StateStore(path, quietLog);
    store.putWindow('@5', record);
    for (const channel of ['__proto__', 'constructor']) store.bind(channel, '@5');
    expect(store.session('toString')).toBeNull();
    expect(store.unbind('hasOwnProperty')).toBeNull();
    const again = new StateStore(path, quietLog);
    expect(again.channelsForWindow('@5').sort()).toEqual(['__proto__', 'constructor']);
    expect(again.session('__proto__')).toMatchObject({ channel_id: '__proto__', window_id: '@5' });
    expect(again.unbind('__proto__')).toBe('@5');
    expect(Object.keys(JSON.parse(readFileSync(path, 'utf8')).bindings)).toEqual(['constructor']);

    const bridgePath = join(dir, 'bridge-proto.json');
    const bridge = new BridgeStore(bridgePath, quietLog);
    expect(bridge.chat('constructor')).toBeNull();
    bridge.putChat('__proto__', { platform: 'telegram', chat_id: '1' });
    bridge.setPrompt('__proto__', { window_id: '@5', signature: 's', message_id: 'm' });
    expect(new BridgeStore(bridgePath, quietLog).chat('__proto__')).toMatchObject({ platform: 'telegram', chat_id: '1' });
    expect(Object.keys(new BridgeStore(bridgePath, quietLog).chats())).toEqual(['__proto__']);
  });

  it('names every state file under the state directory', () => {
    expect(statePaths('/s')).toEqual({
      dir: '/s', state: '/s/state.json', sessionMap: '/s/session_map.json', monitorState: '/s/monitor_state.json',
      events: '/s/events.jsonl', pid: '/s/server.pid', log: '/s/server.log',
    });
  });
});

describe('session map', () => {
  it('upserts and removes entries keyed by window key, skipping malformed ones', () => {
    const path = join(dir, 'session_map.json');
    writeSessionMapEntry(path, 'agentgw:@1', { session_id: 'abc', cwd: '/tmp' });
    writeSessionMapEntry(path, 'agentgw:@2', { session_id: 'def' });
    expect(readSessionMap(path)['agentgw:@1']?.session_id).toBe('abc');
    removeSessionMapEntries(path, ['agentgw:@1']);
    expect(Object.keys(readSessionMap(path))).toEqual(['agentgw:@2']);
    writeFileSync(path, JSON.stringify({ 'agentgw:@3': { session_id: 3 }, 'agentgw:@4': { session_id: 'ok' } }));
    expect(Object.keys(readSessionMap(path))).toEqual(['agentgw:@4']);
    writeFileSync(path, 'not json');
    expect(readSessionMap(path, quietLog)).toEqual({});
  });
});
