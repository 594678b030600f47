import { describe, expect, it } from 'bun:test';
import { DEFAULT_SETTINGS, endpointDomain, safeUrl, settingsFrom } from '../../src/bridge/feishu/endpoint';
import { FragmentBuffer } from '../../src/bridge/feishu/fragments';
import { decodeFrame, encodeFrame, type Frame, FrameDecodeError } from '../../src/bridge/feishu/frame';
import { frameBytes, parseFrame } from './helpers/protobuf';

// Frames written out byte by byte from the protobuf wire format (tag = field << 3 | wire type;
// varints 7 bits a byte, low first), and checked against both the gateway's codec and the mock's.
const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s+/g, ''), 'hex'));
const PING = hex(`
  08 00  | SeqID 0
  10 00  | LogID 0
  18 f6 81 80 10  | service 33554678 (2^25 + 246)
  20 00  | method 0 (control)
  2a 0c 0a 04 74797065 12 04 70696e67  | header {key "type", value "ping"}
`.replace(/\|[^\n]*/g, ''));
const PING_FRAME: Frame = { seqId: 0n, logId: 0n, service: 33554678, method: 0, headers: [{ key: 'type', value: 'ping' }] };

const PART = hex(`
  08 03  | SeqID 3
  10 ff ff ff ff ff ff ff ff ff 01  | LogID 2^64 - 1
  18 01 20 01  | service 1, method 1 (data)
  2a 08 0a 03 73756d 12 01 32  | header {key "sum", value "2"}
  42 02 7b7d  | payload "{}"
  4a 01 78  | LogIDNew "x"
`.replace(/\|[^\n]*/g, ''));
const PART_FRAME: Frame = {
  seqId: 3n, logId: 2n ** 64n - 1n, service: 1, method: 1,
  headers: [{ key: 'sum', value: '2' }], payload: new TextEncoder().encode('{}'), logIdNew: 'x',
};

describe('long-connection frame codec', () => {
  it('encodes and decodes a hand-built ping frame, as the mock does', () => {
    expect(encodeFrame(PING_FRAME)).toEqual(PING);
    expect(decodeFrame(PING)).toEqual(PING_FRAME);
    expect(frameBytes({ SeqID: 0n, LogID: 0n, service: 33554678, method: 0, headers: [['type', 'ping']] })).toEqual(PING);
    expect(parseFrame(PING)).toMatchObject({ service: 33554678, method: 0, headers: [['type', 'ping']] });
  });

  it('keeps a uint64 LogID whole, reads every field, and skips fields it does not know', () => {
    expect(encodeFrame(PART_FRAME)).toEqual(PART);
    expect(decodeFrame(PART)).toEqual(PART_FRAME);
    expect(parseFrame(PART).LogID).toBe(2n ** 64n - 1n);
    // Field 15 (a varint) and field 14 (bytes) inserted after method: ignored.
    const extra = hex('080310ffffffffffffffffff0118012001 7805 7203616263 2a080a0373756d120132 42027b7d 4a0178');
    expect(decodeFrame(extra)).toEqual(PART_FRAME);
  });

  it('round-trips through the mock codec both ways, negative int32 included', () => {
    const frame: Frame = { seqId: 42n, logId: 1n << 60n, service: -1, method: 1, headers: [{ key: 'type', value: 'event' }, { key: 'message_id', value: 'm-é' }], payload: new Uint8Array([0, 255, 7]) };
    const mock = parseFrame(encodeFrame(frame));
    expect(mock).toEqual({ SeqID: 42n, LogID: 1n << 60n, service: Number(2n ** 64n - 1n), method: 1, headers: [['type', 'event'], ['message_id', 'm-é']], payload: new Uint8Array([0, 255, 7]) });
    expect(decodeFrame(frameBytes({ SeqID: 42n, LogID: 1n << 60n, service: -1, method: 1, headers: [['type', 'event']], payload: new Uint8Array([1]) })).service).toBe(-1);
  });

  it('refuses what is not a frame with a FrameDecodeError naming the problem', () => {
    const bad = (bytes: Uint8Array) => {
      try {
        decodeFrame(bytes);
      } catch (error) {
        expect(error).toBeInstanceOf(FrameDecodeError);
        expect((error as FrameDecodeError).code).toBe('FEISHU_FRAME_INVALID');
        return (error as Error).message;
      }
      throw new Error('decoded');
    };
    expect(bad(hex('0800 1000 1801'))).toContain('required field method missing');
    expect(bad(hex('0800 1000 1801 2001 2a05 0a03'))).toContain('beyond the end');
    expect(bad(hex('0880'))).toContain('truncated varint');
    expect(bad(hex('0a00'))).toContain('wire type');
    expect(bad(hex('0800 1000 1801 2001 2a04 0a02 7878'))).toContain('header without key or value');
    expect(bad(hex('0800 1000 1801 2001 3201 ff'))).toContain('not UTF-8');
  });
});

describe('long-connection helpers', () => {
  it('reassembles parts in any order, drops stale ones and refuses impossible numbers', () => {
    let now = 0;
    const buffer = new FragmentBuffer(10_000, 2, () => now);
    const bytes = (s: string) => new TextEncoder().encode(s);
    expect(buffer.add('m1', 1, 0, bytes('whole'))).toEqual(bytes('whole'));
    expect(buffer.add('m2', 3, 2, bytes('c'))).toBeNull();
    expect(buffer.add('m2', 3, 0, bytes('a'))).toBeNull();
    expect(buffer.add('m2', 3, 1, bytes('b'))).toEqual(bytes('abc'));
    expect(buffer.size).toBe(0);
    expect(buffer.add('m3', 2, 0, bytes('x'))).toBeNull();
    now = 10_001;
    expect(buffer.add('m4', 2, 0, bytes('y'))).toBeNull(); // m3 expired meanwhile
    expect(buffer.add('m3', 2, 1, bytes('z'))).toBeNull(); // so this starts over
    expect(buffer.add('m5', 2, 0, bytes('q'))).toBeNull(); // at most 2 waiting: the oldest (m4) goes
    expect(buffer.add('m4', 2, 1, bytes('w'))).toBeNull();
    expect(buffer.add('m6', 0, 0, bytes(''))).toEqual({ error: 'bad part count sum=0' });
    expect(buffer.add('m6', 2, 2, bytes(''))).toEqual({ error: 'bad part number seq=2 of sum=2' });
    expect(buffer.add('', 2, 0, bytes(''))).toEqual({ error: 'a split payload without message_id' });
  });

  it('reads ClientConfig seconds over the current settings, keeping what is missing or absurd', () => {
    expect(settingsFrom({ PingInterval: 120, ReconnectCount: -1, ReconnectInterval: 120, ReconnectNonce: 30 }, DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(settingsFrom({ PingInterval: 0.5, ReconnectCount: 3 }, DEFAULT_SETTINGS)).toEqual({ ...DEFAULT_SETTINGS, pingIntervalMs: 500, reconnectCount: 3 });
    expect(settingsFrom({ PingInterval: 0, ReconnectInterval: 'x', ReconnectNonce: -1 }, DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(settingsFrom(null, DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
  });

  it('finds the endpoint beside the Open API and keeps tickets out of logged URLs', () => {
    expect(endpointDomain('https://open.feishu.cn/open-apis')).toBe('https://open.feishu.cn');
    expect(endpointDomain('https://open.larksuite.com/open-apis/')).toBe('https://open.larksuite.com');
    expect(safeUrl('wss://msg-frontier.feishu.cn/ws/v2?device_id=1&access_key=secret&ticket=t')).toBe('wss://msg-frontier.feishu.cn/ws/v2');
  });
});
