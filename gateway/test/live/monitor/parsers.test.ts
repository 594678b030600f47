import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { ClaudeParser } from '../../../src/monitor/claude';
import { CodexParser } from '../../../src/monitor/codex';
import { GeminiJsonlParser, GeminiParser } from '../../../src/monitor/gemini';
import { AgentMessage } from '../../../src/monitor/message';
import { PiParser } from '../../../src/monitor/pi';

const fixture = (name: string) => join(import.meta.dir, '../../fixtures/transcripts', name);
const lines = (name: string) => readFileSync(fixture(name), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const brief = (m: AgentMessage) => [m.role, m.content_type, m.text, m.tool_name, m.tool_use_id];

function expectValid(messages: AgentMessage[]) {
  for (const m of messages) expect(Value.Check(AgentMessage, m)).toBe(true);
}

describe('Claude Code transcript', () => {
  it('reads a transcript written by the real CLI: prompts, replies, tool call and its result', () => {
    const parser = new ClaudeParser();
    const out = lines('claude-real.jsonl').flatMap((r) => parser.parse(r));
    expectValid(out);
    expect(out.map(brief)).toEqual([
      ['user', 'text', 'please HOLD on', null, null],
      ['assistant', 'text', 'HELD-REPLY-from-mock', null, null],
      ['user', 'text', 'RUN_TOOL now', null, null],
      ['assistant', 'text', 'I will create the marker file.', null, null],
      ['assistant', 'tool_use', '**Bash**(touch created-by-tool.txt)', 'Bash', 'toolu_mockmwr22rtw'],
      ['assistant', 'tool_result', '(Bash completed with no output)', 'Bash', 'toolu_mockmwr22rtw'],
      ['assistant', 'text', 'TOOL-DONE-from-mock', null, null],
    ]);
    expect(out[1]!.timestamp).toMatch(/^2026-11-21T/);
    expect(out.every((m) => m.is_complete && m.phase === null)).toBe(true);
  });

  it('ends a turn at the interrupt line Claude Code writes when a tool is refused (no Stop hook runs then)', () => {
    const parser = new ClaudeParser();
    const refused = { type: 'user', isSidechain: false, timestamp: '2026-11-30T06:21:16.470Z', message: { role: 'user', content: [{ type: 'text', text: '[Request interrupted by user for tool use]' }] } };
    expect(parser.turnEnd(refused)).toBe(Date.parse('2026-11-30T06:21:16.470Z'));
    expect(parser.turnEnd({ ...refused, message: { role: 'user', content: '[Request interrupted by user]' } })).toBe(Date.parse('2026-11-30T06:21:16.470Z'));
    expect(parser.turnEnd({ ...refused, message: { role: 'user', content: 'say [Request interrupted by user] please' } })).toBeNull();
  });

  it('handles thinking, errors, plans, interrupts, meta lines and both local-command forms', () => {
    const parser = new ClaudeParser();
    const out = lines('claude-variants.jsonl').flatMap((r) => parser.parse(r));
    expectValid(out);
    expect(out.map(brief)).toEqual([
      ['assistant', 'local_command', '❯ `/cost`\n```\nTotal cost: $0.0123\nTotal duration (API): 4.2s\n```', '/cost', null],
      ['user', 'text', 'Read the README and fix the typo', null, null],
      ['assistant', 'thinking', 'The user wants a typo fixed; read the file first.', null, null],
      ['assistant', 'text', "I'll read the README first.", null, null],
      ['assistant', 'tool_use', '**Read**(/home/dev/proj/README.md)', 'Read', 'toolu_01Read'],
      ['assistant', 'tool_result', '     1\t# Projcet\n     2\tA demo.', 'Read', 'toolu_01Read'],
      ['assistant', 'tool_use', '**Bash**(cat missing.txt)', 'Bash', 'toolu_02Bash'],
      ['assistant', 'tool_result', '⚠️ cat: missing.txt: No such file or directory', 'Bash', 'toolu_02Bash'],
      ['assistant', 'tool_use', '**ExitPlanMode**()', 'ExitPlanMode', 'toolu_03Plan'],
      ['assistant', 'text', '1. Fix the typo\n2. Run the tests', null, null],
      ['assistant', 'tool_result', '⏹ Interrupted', 'ExitPlanMode', 'toolu_03Plan'],
      ['user', 'text', '[Request interrupted by user]', null, null],
      ['assistant', 'local_command', '❯ `/context`\n```\nContext Usage\nclaude-sonnet-4-5 · 18k/200k tokens (9%)\n```', '/context', null],
    ]);
  });

  it('pairs a tool result with its call when they arrive in different polls', () => {
    const parser = new ClaudeParser();
    const records = lines('claude-variants.jsonl');
    const call = records.find((r) => r.uuid === 'a3');
    const result = records.find((r) => r.uuid === 'u5');
    expect(parser.parse(call)).toHaveLength(1);
    expect(parser.parse(result)[0]!.tool_name).toBe('Read');
    // A result whose call was never seen still comes through, without a name.
    expect(new ClaudeParser().parse(result)[0]!.tool_name).toBeNull();
  });

  it('ignores records of unknown shape instead of throwing', () => {
    const parser = new ClaudeParser();
    for (const bad of [null, 42, 'x', [], { type: 'assistant' }, { type: 'user', message: { content: 7 } }]) {
      expect(parser.parse(bad)).toEqual([]);
    }
  });
});

describe('Codex rollout', () => {
  it('reads a rollout written by the real Codex CLI 0.169 (exec_command and its text report)', () => {
    const parser = new CodexParser();
    const out = lines('codex-real.jsonl').flatMap((r) => parser.parse(r));
    expectValid(out);
    expect(out.map(brief)).toEqual([
      ['user', 'text', 'please HOLD on', null, null],
      ['assistant', 'text', 'CODEX-PONG', null, null],
      ['user', 'text', 'RUN_TOOL now', null, null],
      ['assistant', 'tool_use', '**exec_command**(touch created-by-codex.txt)', 'exec_command', 'call_3'],
      ['assistant', 'tool_result', '(no output)', 'exec_command', 'call_3'],
      ['assistant', 'text', 'CODEX-TOOL-DONE', null, null],
    ]);
  });

  it('skips the note Codex 0.171 writes for the model after an interrupted turn', () => {
    const parser = new CodexParser();
    // As the real Codex wrote it after a refused approval (Esc), just before its turn_aborted event.
    const note = '<turn_aborted>\nThe user interrupted the previous turn on purpose. Any running unified exec processes may still be running in the background. If any tools/commands were aborted, they may have partially executed.\n</turn_aborted>';
    const out = parser.parse({ timestamp: '2026-11-30T06:16:36.494Z', type: 'response_item', payload: { type: 'message', id: 'msg_1', role: 'user', content: [{ type: 'input_text', text: note }] } });
    expect(out).toEqual([]);
  });

  it('marks a failed exec_command from its exit code', () => {
    const parser = new CodexParser();
    parser.parse({ type: 'response_item', payload: { type: 'function_call', name: 'exec_command', arguments: '{"cmd":"touch x"}', call_id: 'c1' } });
    const [result] = parser.parse({ type: 'response_item', payload: { type: 'function_call_output', call_id: 'c1', output: "Chunk ID: 1\nWall time: 0.0 seconds\nProcess exited with code 1\nOriginal token count: 17\nOutput:\ntouch: cannot touch 'x': Read-only file system\n" } });
    expect(result!.text).toBe("⚠️ touch: cannot touch 'x': Read-only file system");
  });

  it('reads response items with phases, reasoning, calls and outputs, skipping injected context and the event stream', () => {
    const parser = new CodexParser();
    const out = lines('codex-rollout.jsonl').flatMap((r) => parser.parse(r));
    expectValid(out);
    expect(out.map((m) => [...brief(m), m.phase])).toEqual([
      ['user', 'text', 'list the files', null, null, null],
      ['assistant', 'thinking', "**Listing files**\n\nI'll run ls in the workspace.", null, null, null],
      ['assistant', 'text', 'Running ls to see the files.', null, null, 'commentary'],
      ['assistant', 'tool_use', '**shell**(bash -lc ls)', 'shell', 'call_ls01', null],
      ['assistant', 'tool_result', 'README.md\nsrc', 'shell', 'call_ls01', null],
      ['assistant', 'tool_use', '**apply_patch**(*** Begin Patch *** Update File: README.md @@ -# Projcet +# Project *** End Patch)', 'apply_patch', 'call_patch1', null],
      ['assistant', 'tool_result', 'Success. Updated the following files:\nM README.md', 'apply_patch', 'call_patch1', null],
      ['assistant', 'tool_use', '**shell**(bash -lc cat nope)', 'shell', 'call_cat2', null],
      ['assistant', 'tool_result', '⚠️ cat: nope: No such file or directory', 'shell', 'call_cat2', null],
      ['assistant', 'text', 'The folder has README.md and src/.', null, null, 'final_answer'],
    ]);
  });
});

describe('Pi session', () => {
  it('reads a session written by the real Pi 0.73 (text, a bash call and its result), and where its turns end', () => {
    const parser = new PiParser();
    const records = lines('pi-real.jsonl');
    const out = records.flatMap((r) => parser.parse(r));
    expectValid(out);
    expect(out.map((m) => [m.role, m.content_type, m.text, m.tool_name])).toEqual([
      ['user', 'text', 'say pong', null],
      ['assistant', 'text', 'PONG-from-mock', null],
      ['user', 'text', 'RUN_TOOL now', null],
      ['assistant', 'text', 'I will create the marker file.', null],
      ['assistant', 'tool_use', '**bash**(touch created-by-tool.txt)', 'bash'],
      ['assistant', 'tool_result', '(no output)', 'bash'],
      ['assistant', 'text', 'TOOL-DONE-from-mock', null],
    ]);
    // Each turn ends at its last assistant message (stopReason stop), not at the tool call (toolUse).
    const ends = records.map((r) => parser.turnEnd(r)).filter((t) => t !== null);
    expect(ends).toEqual([Date.parse(records[4].timestamp), Date.parse(records[8].timestamp)]);
  });


  it('reads user, assistant blocks, tool results and bash executions', () => {
    const parser = new PiParser();
    const out = lines('pi-session.jsonl').flatMap((r) => parser.parse(r));
    expectValid(out);
    expect(out.map(brief)).toEqual([
      ['user', 'text', 'what is in package.json?', null, null],
      ['assistant', 'thinking', 'Read the file.', null, null],
      ['assistant', 'text', 'Let me look.', null, null],
      ['assistant', 'tool_use', '**read**(package.json)', 'read', 'toolu_pi1'],
      ['assistant', 'tool_result', '{"name":"demo"}', 'read', 'toolu_pi1'],
      ['assistant', 'text', 'It names the package demo.', null, null],
      ['assistant', 'local_command', '❯ `!git status --short`\n```\nM package.json\n```', 'bash', null],
    ]);
  });
});

describe('Gemini CLI 0.6x chat log', () => {
  it('reads a log written by the real Gemini CLI 0.61: each part once, though a message is written twice', () => {
    const parser = new GeminiJsonlParser();
    const out = lines('gemini-real.jsonl').flatMap((r) => parser.parse(r));
    expectValid(out);
    const id = 'run_shell_command__run_shell_command_1795306772908_0';
    expect(out.map(brief)).toEqual([
      ['user', 'text', 'please HOLD on', null, null],
      ['assistant', 'text', 'GEMINI-PONG', null, null],
      ['user', 'text', 'RUN_TOOL now', null, null],
      ['assistant', 'tool_use', '**run_shell_command**(touch created-by-gemini.txt)', 'run_shell_command', id],
      ['assistant', 'tool_result', 'Output: (empty)\nProcess Group PGID: 28292', 'run_shell_command', id],
      ['assistant', 'text', 'GEMINI-TOOL-DONE', null, null],
    ]);
  });
});

describe('Gemini chat file', () => {
  const doc = () => JSON.parse(readFileSync(fixture('gemini-session.json'), 'utf8'));

  it('emits thoughts, tool calls with results and text, each message id once', () => {
    const parser = new GeminiParser();
    const out = parser.parseDocument(doc());
    expectValid(out);
    expect(out.map(brief)).toEqual([
      ['user', 'text', 'count the lines in main.py', null, null],
      ['assistant', 'thinking', "Counting lines: I'll use wc -l on the file.", null, null],
      ['assistant', 'tool_use', '**run_shell_command**(wc -l main.py)', 'run_shell_command', 'run_shell_command-1759579203000-0'],
      ['assistant', 'tool_result', '42 main.py', 'run_shell_command', 'run_shell_command-1759579203000-0'],
      ['assistant', 'text', 'main.py has 42 lines.', null, null],
    ]);
    expect(parser.parseDocument(doc())).toEqual([]);
  });

  it('after skipping existing messages emits only ones added by a rewrite', () => {
    const parser = new GeminiParser();
    const first = doc();
    parser.skipExisting(first);
    first.messages.push({ id: 'm-user-2', timestamp: '2025-10-04T12:01:00.000Z', type: 'user', content: [{ text: 'thanks' }] });
    expect(parser.parseDocument(first).map(brief)).toEqual([['user', 'text', 'thanks', null, null]]);
  });
});
