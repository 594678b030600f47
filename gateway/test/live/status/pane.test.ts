import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { PromptState } from '../../../src/status/model';
import { readPane } from '../../../src/status/pane';

const pane = (name: string) => readPane(readFileSync(join(import.meta.dir, '../../fixtures/panes', name), 'utf8'));
const labels = (p: PromptState | null) => p?.options.map((o) => `${o.index}. ${o.label}`);

describe('pane parser: captures from the real Claude Code 2.1', () => {
  it('reads the trust prompt as an unnumbered menu with the marked option selected', () => {
    const first = pane('claude-trust1.txt');
    expect(first.prompt).toEqual({
      type: 'trust',
      question: 'Quick safety check: Is this a project you created or one you trust?',
      options: [{ index: 1, label: 'No, exit' }, { index: 2, label: 'Yes, I trust this folder' }],
      selected: 1,
    });
    expect(Value.Check(PromptState, first.prompt)).toBe(true);
    expect(pane('claude-trust2.txt').prompt?.selected).toBe(2);
  });

  it('reads the Bash permission prompt with its four numbered options', () => {
    const { prompt, busy } = pane('claude-permission.txt');
    expect(prompt?.type).toBe('permission');
    expect(prompt?.question).toBe('Do you want to proceed?');
    expect(labels(prompt)).toEqual([
      '1. Yes',
      '2. Yes, and always allow access to /home/dev/proj from this project',
      '3. Yes, and switch to auto mode · auto mode handles these prompts for you',
      '4. No',
    ]);
    expect(prompt?.selected).toBe(1);
    expect(busy).toBeNull();
  });

  it('sees the spinner line above the input box while a turn runs', () => {
    expect(pane('claude-working.txt')).toEqual({ prompt: null, busy: 'Hullaballooing…' });
  });

  it('reads the idle input box, a finished turn and the end of a tool turn as neither busy nor prompting', () => {
    for (const name of ['claude-idle.txt', 'claude-replied.txt', 'claude-tooldone.txt']) {
      expect(pane(name)).toEqual({ prompt: null, busy: null });
    }
  });
});

describe('pane parser: captures from the real Pi 0.73', () => {
  it('reads the selection dialog an extension opens (→ marker, Pi\'s key hints) as a permission prompt', () => {
    expect(pane('pi-real-approval.txt')).toEqual({
      prompt: { type: 'permission', question: 'Do you want to run this command?', options: [{ index: 1, label: 'Yes' }, { index: 2, label: 'No' }], selected: 1 },
      busy: null,
    });
  });

  it('sees its working line, and nothing once idle', () => {
    expect(pane('pi-real-working.txt')).toEqual({ prompt: null, busy: 'Working...' });
    for (const name of ['pi-real-idle.txt', 'pi-real-tooldone.txt']) expect(pane(name)).toEqual({ prompt: null, busy: null });
  });
});

describe('pane parser: captures from the real Codex CLI 0.169', () => {
  it('reads 0.171\'s folder trust dialog (in a git repository) as a trust prompt', () => {
    expect(pane('codex-real-trust.txt').prompt).toEqual({
      type: 'trust', question: 'Trust this folder?', options: [{ index: 1, label: 'Trust and continue' }, { index: 2, label: 'Back to Agent Command Center' }], selected: 1,
    });
  });

  it('reads the command approval with the question, not the quoted reason', () => {
    const { prompt } = pane('codex-real-approval.txt');
    expect(prompt).toMatchObject({ type: 'permission', question: 'Would you like to run the following command?', selected: 1 });
    expect(labels(prompt)).toEqual([
      '1. Yes, proceed (y)',
      "2. Yes, and don't ask again for commands that start with `touch created-by-codex.txt` (p)",
      '3. No, and tell Codex what to do differently (esc)',
    ]);
  });

  it('sees the working line, and nothing once the turn finished', () => {
    expect(pane('codex-real-working.txt')).toEqual({ prompt: null, busy: 'Working' });
    expect(pane('codex-real-replied.txt')).toEqual({ prompt: null, busy: null });
    expect(pane('codex-real-tooldone.txt')).toEqual({ prompt: null, busy: null });
  });
});

describe('pane parser: captures from the real Gemini CLI 0.61', () => {
  it('reads the boxed trust and shell approval prompts with their marked options', () => {
    expect(pane('gemini-real-trust.txt').prompt).toEqual({
      type: 'trust',
      question: 'Do you trust the files in this folder?',
      options: [{ index: 1, label: 'Trust folder (proj)' }, { index: 2, label: 'Trust parent folder (dev)' }, { index: 3, label: "Don't trust" }],
      selected: 1,
    });
    const approval = pane('gemini-real-approval.txt').prompt;
    expect(approval).toMatchObject({ type: 'permission', question: 'Allow execution of [Shell]?', selected: 1 });
    expect(labels(approval)).toEqual(['1. Allow once', '2. Allow for this session', '3. No, suggest changes (esc)']);
  });

  it('sees the thinking line, and nothing once answered, though the old trust box is still on screen', () => {
    expect(pane('gemini-real-working.txt')).toEqual({ prompt: null, busy: 'Thinking...' });
    expect(pane('gemini-real-replied.txt')).toEqual({ prompt: null, busy: null });
    expect(pane('gemini-real-tooldone.txt')).toEqual({ prompt: null, busy: null });
  });
});

describe('pane parser: reported layouts', () => {
  it('finds an older spinner with its timer and a tip line below it', () => {
    expect(pane('claude-working-tip.txt').busy).toBe('Moonwalking…');
  });

  it('ignores spinners and numbered lists left in the scrollback', () => {
    expect(pane('claude-finished-history.txt')).toEqual({ prompt: null, busy: null });
  });

  it('tells plan, question and numbered trust prompts apart', () => {
    const plan = pane('claude-plan.txt').prompt;
    expect(plan?.type).toBe('plan');
    expect(plan?.question).toBe('Would you like to proceed?');
    expect(labels(plan)).toEqual(['1. Yes, and auto-accept edits', '2. Yes, and manually approve edits', '3. No, keep planning']);
    const question = pane('claude-question.txt').prompt;
    expect(question).toMatchObject({ type: 'question', question: 'Which database should the service use?', selected: 1 });
    expect(labels(question)).toEqual(['1. PostgreSQL', '2. SQLite', '3. Type something.']);
    expect(pane('claude-trust-numbered.txt').prompt).toMatchObject({ type: 'trust', question: 'Do you trust the files in this folder?', selected: 1 });
  });

  it('reads Codex and Gemini approvals and working lines', () => {
    expect(pane('codex-approval.txt').prompt).toMatchObject({ type: 'permission', question: 'Would you like to run the following command?', selected: 1 });
    expect(pane('codex-approval.txt').prompt?.options).toHaveLength(3);
    expect(pane('codex-working.txt')).toEqual({ prompt: null, busy: 'Working' });
    const gemini = pane('gemini-approval.txt').prompt;
    expect(gemini).toMatchObject({ type: 'permission', question: "Allow execution of: 'wc'?", selected: 1 });
    expect(labels(gemini)).toEqual(['1. Yes, allow once', '2. Yes, allow always ...', '3. No, suggest changes (esc)']);
    expect(pane('gemini-working.txt').busy).toBe('Counting lines in main.py');
    expect(pane('gemini-idle.txt')).toEqual({ prompt: null, busy: null });
  });

  it('finds nothing on a plain shell after the assistant exited', () => {
    expect(pane('claude-exited-shell.txt')).toEqual({ prompt: null, busy: null });
  });
});

describe('pane parser: the shell\'s word on a crashed or killed assistant (real Claude Code 2.1 screens)', () => {
  it('reads the signal below the crash report of a SIGSEGV', () => {
    expect(pane('claude-crashed-segv.txt').failure).toBe('Segmentation fault');
  });

  it('reads "Killed" though the shell wrote it into what the assistant left on that line', () => {
    // kill -9: bash prints "Killed" at the cursor, over the trust menu ("Killedexit").
    expect(pane('claude-killed.txt').failure).toBe('Killed');
    // Or after the input box's marker, with the assistant's old footer still below the new prompt.
    const killedInBox = ['❯ Killed', 'dev@box:~/proj$ ────────────', '  ⏸ manual mode on · ? for shortcuts · ← for agents'].join('\n');
    expect(readPane(killedInBox).failure).toBe('Killed');
  });

  it('keeps only the signal words of a report with a job number and core dump', () => {
    const failure = (line: string) => readPane(`dev@box:~/proj$ claude\n${line}\ndev@box:~/proj$ `).failure;
    expect(failure('bash: line 1: 4242 Segmentation fault      (core dumped) claude')).toBe('Segmentation fault (core dumped)');
    expect(failure('Aborted (core dumped)')).toBe('Aborted (core dumped)');
    expect(failure('bash: claude: command not found')).toBe('claude: command not found');
    expect(failure('Terminal ready')).toBeUndefined();
  });
});
