import { describe, expect, it } from 'bun:test';
import { SseUsageScanner, usageFromJson } from '../../src/accounting/usage-scan';
import { message, sseFrames } from '../helpers/mock-upstream';

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const encoder = new TextEncoder();

/** A stream whose message_start reports input and cache tokens and whose message_delta reports the output. */
function streamText(): string {
  const frames = sseFrames('the word "usage": {"input_tokens": 999} appears in the text');
  frames[0] = frame('message_start', { type: 'message_start', message: { ...message(''), content: [], usage: { input_tokens: 1200, output_tokens: 1, cache_read_input_tokens: 45000, cache_creation_input_tokens: 3000 } } });
  frames[frames.length - 2] = frame('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 321 } });
  return frames.join('');
}

const scan = (chunks: Uint8Array[]) => {
  const scanner = new SseUsageScanner();
  for (const chunk of chunks) scanner.push(chunk);
  return scanner.usage;
};

const EXPECTED = { input_tokens: 1200, output_tokens: 321, cache_read_tokens: 45000, cache_write_tokens: 3000 };

describe('reading usage from an SSE stream', () => {
  it('takes input and cache tokens from message_start and the cumulative output from message_delta', () => {
    expect(scan([encoder.encode(streamText())])).toEqual(EXPECTED);
  });

  it('never lets a later report of zero overwrite an earlier real count', () => {
    const frames = streamText().replace('"usage":{"output_tokens":321}', '"usage":{"input_tokens":0,"output_tokens":321,"cache_read_input_tokens":0,"cache_creation_input_tokens":0}');
    expect(frames).toContain('"input_tokens":0');
    expect(scan([encoder.encode(frames)])).toEqual(EXPECTED);
  });

  it('finds them wherever the chunks split the stream, one byte at a time included', () => {
    const bytes = encoder.encode(streamText());
    for (let size = 1; size <= 64; size += size < 8 ? 1 : 7) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect({ size, usage: scan(chunks) }).toEqual({ size, usage: EXPECTED });
    }
    // Every two-chunk split, so the needle `"usage"` straddles the boundary at some point.
    for (let cut = 1; cut < bytes.length; cut++) expect(scan([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(EXPECTED);
  });

  it('reads CRLF line endings, and a message_delta that also reports input and cache tokens', () => {
    const text = [
      frame('message_start', { type: 'message_start', message: { usage: { input_tokens: 5, output_tokens: 0 } } }),
      frame('message_delta', { type: 'message_delta', delta: {}, usage: { input_tokens: 7, output_tokens: 9, cache_read_input_tokens: 11, cache_creation_input_tokens: 13 } }),
    ].join('').replace(/\n/g, '\r\n');
    expect(scan([encoder.encode(text)])).toEqual({ input_tokens: 7, output_tokens: 9, cache_read_tokens: 11, cache_write_tokens: 13 });
  });

  it('leaves counts the upstream never sent as null, and ignores text that only mentions usage', () => {
    const text = frame('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: '"usage": {"output_tokens": 5}' } });
    expect(scan([encoder.encode(text)])).toEqual({ input_tokens: null, output_tokens: null, cache_read_tokens: null, cache_write_tokens: null });
  });
});

describe('reading usage from a JSON answer', () => {
  it('reads the top-level usage, cache tokens included', () => {
    const body = { ...message('the text says "usage": {"input_tokens": 1}'), usage: { input_tokens: 77, output_tokens: 12, cache_read_input_tokens: 500, cache_creation_input_tokens: 0, server_tool_use: { web_search_requests: 0 } } };
    expect(usageFromJson(JSON.stringify(body))).toEqual({ input_tokens: 77, output_tokens: 12, cache_read_tokens: 500, cache_write_tokens: 0 });
    expect(usageFromJson(encoder.encode(JSON.stringify(body, null, 2)))).toEqual({ input_tokens: 77, output_tokens: 12, cache_read_tokens: 500, cache_write_tokens: 0 });
  });

  it('gives nulls for an answer without usage (an error body)', () => {
    expect(usageFromJson('{"type":"error","error":{"type":"overloaded_error","message":"busy"}}')).toEqual({ input_tokens: null, output_tokens: null, cache_read_tokens: null, cache_write_tokens: null });
  });
});
