import { describe, expect, it } from 'bun:test';
import { maskKey } from '@devhub/shared';
import { tapBody } from '../../src/upstream/body-tap';
import { KeyMasker, maskKeyInBytes } from '../../src/upstream/key-mask';

const KEY = 'sk-SECRETKEY-AAAA-1111';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `text` through a masker in pieces of `size` bytes: what goes out after each piece, and at the end. */
function pieces(text: string, size: number): string[] {
  const masker = new KeyMasker(KEY);
  const bytes = encoder.encode(text);
  const out: string[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(decoder.decode(masker.push(bytes.subarray(at, at + size))));
  out.push(decoder.decode(masker.flush() ?? new Uint8Array()));
  return out;
}

describe('masking an echoed key in a body', () => {
  const event = `event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"key ${KEY} overloaded (${KEY})"}}\n\n`;

  it('masks the key wherever the chunks split it', () => {
    for (let size = 1; size <= event.length; size++) expect({ size, out: pieces(event, size).join('') }).toEqual({ size, out: event.replaceAll(KEY, maskKey(KEY)) });
  });

  it('holds back only a tail that could begin the key, never a whole event', () => {
    const start = 'event: message_start\ndata: {}\n\n';
    expect(pieces(`${start}${event}`, start.length + event.indexOf(KEY) + 5).slice(0, 1)).toEqual([`${start}${event.slice(0, event.indexOf(KEY))}`]);
    const whole = pieces(`${start}${start}`, start.length);
    expect(whole).toEqual([start, start, '']);
    // A body that ends on what looks like the key's start gets it at the end.
    expect(pieces(`${start}sk-SEC`, 1000)).toEqual([start, 'sk-SEC']);
  });

  it('passes a chunk without the key on as the same bytes', () => {
    const chunk = encoder.encode('event: ping\ndata: {"type":"ping"}\n\n');
    expect(new KeyMasker(KEY).push(chunk)).toBe(chunk);
    const body = encoder.encode('{"content":[{"type":"text","text":"hi"}]}');
    expect(maskKeyInBytes(body, KEY)).toBe(body);
    expect(decoder.decode(maskKeyInBytes(encoder.encode(`{"error":"${KEY}"}`), KEY))).toBe(`{"error":"${maskKey(KEY)}"}`);
  });

  it('goes through the body tap in the same pass, a chunk that is only the start of a key included', async () => {
    const chunks = ['event: error\ndata: ', KEY.slice(0, 6), KEY.slice(6), ' overloaded\n\n', KEY.slice(0, 3)];
    const upstream = new ReadableStream<Uint8Array>({ start(c) { for (const chunk of chunks) c.enqueue(encoder.encode(chunk)); c.close(); } });
    let ended = null as [number, boolean] | null;
    const seen: string[] = [];
    const tapped = tapBody(upstream, (bytes, completed) => { ended = [bytes, completed]; }, { firstByte() {}, chunk: (c) => { seen.push(decoder.decode(c)); } }, new KeyMasker(KEY));
    const text = await new Response(tapped).text();
    const want = `event: error\ndata: ${maskKey(KEY)} overloaded\n\n${KEY.slice(0, 3)}`;
    expect(text).toBe(want);
    expect(seen.join('')).toBe(want);
    expect(ended).toEqual([encoder.encode(want).byteLength, true]);
  });
});
