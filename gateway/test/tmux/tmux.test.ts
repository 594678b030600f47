import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dedupeName, InvalidKey, isValidKey, delimiters, parseWindowList, sanitizeWindowName, Tmux, TmuxError } from '../../src/tmux';
import { childEnv, testEnv, waitFor } from '../helpers/gateway';

const env = testEnv('tmux');
let tmux: Tmux;
const opts = { enter: true, literal: true, raw: false, enterDelayMs: 50 };

beforeAll(async () => {
  tmux = env.tmux();
  await tmux.ensureSession();
});
afterAll(() => env.cleanup());

async function shellWindow(name: string): Promise<string> {
  const id = await tmux.createWindow({ name, cwd: env.dir, command: '', provider: 'shell', mode: 'normal' });
  // Wait for the shell's prompt so typed text is not echoed twice.
  await waitFor(async () => (await tmux.capturePane(id)).trim().length > 0, 'shell prompt');
  return id;
}

const paneHas = (id: string, text: string) => waitFor(async () => (await tmux.capturePane(id)).includes(text), `"${text}" in the pane`);
const commandIs = (id: string, command: string) =>
  waitFor(async () => (await tmux.findWindow(id))?.pane_current_command === command, `pane command ${command}`);

describe('tmux layer', () => {
  it('lists and reads windows whatever the locale (a service manager may start the gateway with no LANG)', async () => {
    // Without a UTF-8 locale tmux prints a tab or a non-ASCII character as "_" unless told -u.
    const plain = new Tmux({ ...tmux.options, env: { ...childEnv(env.dir), LANG: 'C', LC_ALL: 'C', LC_CTYPE: 'C' } });
    const id = await plain.createWindow({ name: 'café ❯', cwd: env.dir, command: "printf '\\342\\235\\257 ready\\n'", provider: 'agent_a', mode: 'normal' });
    expect(await plain.findWindow(id)).toMatchObject({ window_id: id, window_name: 'café ❯', provider: 'agent_a' });
    await waitFor(async () => (await plain.capturePane(id)).includes('❯ ready'), 'the glyph read back from the pane');
    await plain.killWindow(id);
  });

  it('creates a window of the fixed size in the work dir, with its metadata, and lists it', async () => {
    await tmux.ensureSession(); // idempotent
    const id = await tmux.createWindow({ name: 'proj', cwd: env.dir, command: '', provider: 'agent_b', mode: 'yolo' });
    expect(id).toMatch(/^@\d+$/);
    const window = await tmux.findWindow(id);
    expect(window).toMatchObject({ window_id: id, window_name: 'proj', width: 200, height: 50, provider: 'agent_b', mode: 'yolo', pane_dead: false });
    expect(window!.pane_pid).toBeGreaterThan(0);
    await waitFor(async () => (await tmux.findWindow(id))?.pane_current_path === env.dir, 'cwd');
    expect((await tmux.listWindows()).map((w) => w.window_name)).not.toContain('__main__');
  });

  it('types the launch command into the new window', async () => {
    const id = await tmux.createWindow({ name: 'launch', cwd: env.dir, command: 'echo launched-$((6*7))', provider: 'shell', mode: 'normal' });
    await paneHas(id, 'launched-42');
  });

  it('sends text literally, then Enter', async () => {
    const id = await shellWindow('literal');
    await tmux.sendText(id, "echo 'C-c' \"$((2+3))\" Enter", opts);
    await paneHas(id, 'C-c 5 Enter');
  });

  it('sends multi-line text as one paste and keeps Enter separate', async () => {
    const id = await shellWindow('multi');
    await tmux.sendText(id, 'echo first-line\necho second-line', opts);
    await paneHas(id, 'second-line\n');
    await paneHas(id, 'first-line\n');
  });

  it('sends a line too long for argv through a tmux buffer, whole', async () => {
    const id = await shellWindow('long');
    const out = `${env.dir}/long.txt`;
    // Non-canonical mode: the tty's 4 KiB line limit would otherwise cut the line.
    await tmux.sendText(id, `stty -icanon -echo; head -c 100001 > ${out}; stty sane`, opts);
    await commandIs(id, 'head');
    const line = 'abcdefghij'.repeat(10_000);
    await tmux.sendText(id, line, opts);
    await waitFor(() => existsSync(out) && statSync(out).size === 100_001, 'the whole line in the file', 30_000);
    expect(readFileSync(out, 'utf8')).toBe(`${line}\n`);
  });

  it('delivers Enter as its own keystroke after the text, not in the same burst', async () => {
    const id = await shellWindow('burst');
    const out = `${env.dir}/chunks.jsonl`;
    await tmux.sendText(id, `bun ${import.meta.dir}/helpers/key-recorder.ts ${out}`, opts);
    await paneHas(id, 'READY');
    await tmux.sendText(id, 'hello there', { ...opts, enterDelayMs: 200 });
    const read = () => (existsSync(out) ? readFileSync(out, 'utf8') : '');
    // C-d only once the Enter was read, or a loaded machine may deliver the two in one chunk.
    await waitFor(() => read().includes('\\r'), 'the recorder to read the Enter', 30_000);
    await tmux.sendKey(id, 'C-d');
    await waitFor(() => read().includes('\\u0004'), 'the recorder to finish', 30_000);
    const received = read().trim().split('\n').map((l) => JSON.parse(l) as string);
    expect(received.join('')).toBe('hello there\r\x04');
    expect(received.at(-2)).toBe('\r');
    expect(received.some((c) => c.includes('there') && c.includes('\r'))).toBe(false);
  });

  it('types every single printable character sent as a key as itself, `;` included (tmux reads a lone `;` as a command separator)', async () => {
    const id = await shellWindow('chars');
    const out = `${env.dir}/chars.jsonl`;
    await tmux.sendText(id, `bun ${import.meta.dir}/helpers/key-recorder.ts ${out}`, opts);
    await paneHas(id, 'READY');
    const printable = [...Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)), 'é', 'ж', '中'];
    for (const key of ['a', ';', 'b', ...printable]) await tmux.sendKey(id, key);
    await tmux.sendKey(id, 'C-d');
    const read = () => (existsSync(out) ? readFileSync(out, 'utf8') : '');
    await waitFor(() => read().includes('\\u0004'), 'the recorder to finish', 30_000);
    const received = read().trim().split('\n').map((l) => JSON.parse(l) as string).join('');
    expect(received).toBe(`a;b${printable.join('')}\x04`);
  });

  it('sends text without Enter when asked', async () => {
    const id = await shellWindow('noenter');
    await tmux.sendText(id, 'echo typed-only', { ...opts, enter: false });
    await paneHas(id, 'echo typed-only');
    expect((await tmux.capturePane(id)).split('\n').filter((l) => l.trim() === 'typed-only')).toHaveLength(0);
  });

  it('types inputs sent at once to one window one after the other, each with its own Enter', async () => {
    const id = await shellWindow('together');
    const slow = { ...opts, enterDelayMs: 300 };
    // Sent without waiting, as two chat messages arriving together are.
    await Promise.all([1, 2, 3].map((n) => tmux.sendText(id, `echo seq-$((${n}*11))`, slow)));
    await paneHas(id, 'seq-33\n');
    const outputs = (await tmux.capturePane(id)).split('\n').filter((l) => /^seq-/.test(l.trim()));
    expect(outputs.map((l) => l.trim())).toEqual(['seq-11', 'seq-22', 'seq-33']);
  });

  it('presses a key sent after a text only once the text and its Enter are typed', async () => {
    const id = await shellWindow('textkey');
    const typed = tmux.sendText(id, 'echo first-$((2*21))', { ...opts, enterDelayMs: 300 });
    const key = tmux.sendText(id, 'echo second-$((3*7))', { ...opts, enter: false }).then(() => tmux.sendKey(id, 'Enter'));
    await Promise.all([typed, key]);
    await paneHas(id, 'second-21\n');
    const outputs = (await tmux.capturePane(id)).split('\n').map((l) => l.trim()).filter((l) => /^(first|second)-/.test(l));
    expect(outputs).toEqual(['first-42', 'second-21']);
  });

  it('raw input hands key names to tmux', async () => {
    const id = await shellWindow('raw');
    await tmux.sendText(id, 'sleep 30', opts);
    await commandIs(id, 'sleep');
    await tmux.sendText(id, 'C-c', { ...opts, raw: true, enter: false });
    await commandIs(id, process.env.SHELL?.split('/').pop() ?? 'bash');
  });

  it('C-c interrupts sleep; invalid key names are refused', async () => {
    const id = await shellWindow('keys');
    await tmux.sendText(id, 'sleep 30', opts);
    await commandIs(id, 'sleep');
    await tmux.sendKey(id, 'C-c');
    await waitFor(async () => (await tmux.findWindow(id))?.pane_current_command !== 'sleep', 'sleep interrupted');
    await expect(tmux.sendKey(id, 'NotAKey')).rejects.toBeInstanceOf(InvalidKey);
  });

  it('kills a window once; a second kill reports it gone', async () => {
    const id = await shellWindow('victim');
    expect(await tmux.killWindow(id)).toBe(true);
    expect(await tmux.findWindow(id)).toBeNull();
    expect(await tmux.killWindow(id)).toBe(false);
    await expect(tmux.capturePane(id)).rejects.toMatchObject({ code: 'WINDOW_NOT_FOUND' });
  });

  it('lists nothing when the session does not exist', async () => {
    const other = testEnv('tmux-empty');
    try {
      expect(await other.tmux().listWindows()).toEqual([]);
    } finally {
      await other.cleanup();
    }
  });
});

describe('tmux helpers', () => {
  it('validates key names', () => {
    for (const key of ['Escape', 'Enter', 'C-c', 'C-d', 'C-z', 'Up', 'Down', 'Left', 'Right', 'Tab', 'BSpace', 'PageUp', 'PageDown', '1', '9', 'y', 'F5', 'M-x']) {
      expect(isValidKey(key)).toBe(true);
    }
    for (const key of ['', 'Esc ape', 'rm -rf', 'C-', 'F13', 'Enter; kill-server']) expect(isValidKey(key)).toBe(false);
    // Any single printable character, as the README says: not only ASCII; no space, control or format character.
    for (const key of ['é', 'ж', '中', '😀', '~']) expect(isValidKey(key)).toBe(true);
    for (const key of [' ', '\u00a0', '\u200b', '\u0085', '\u007f', '\u2028', 'éé', '\ud800']) expect(isValidKey(key)).toBe(false);
  });

  it('sanitises and deduplicates window names', () => {
    expect(sanitizeWindowName('my.proj:1\tx')).toBe('my-proj-1-x');
    expect(sanitizeWindowName('   ')).toBe('session');
    // A bidi override would turn the console's text after the name around.
    expect(sanitizeWindowName('invoice\u202efdp\u200b\u0085x')).toBe('invoice-fdp--x');
    expect(dedupeName('proj', ['proj', 'proj-2'])).toBe('proj-3');
    expect(dedupeName('new', ['proj'])).toBe('new');
  });

  it('reads list-windows records whose names hold newlines, tabs and the other call\'s token', () => {
    const d = delimiters();
    const other = delimiters();
    const record = (id: string, command: string, path: string, name: string) =>
      [id, '99', '0', command, path, '200', '50', '1700000000', 'shell', 'normal', name].join(d.field) + d.record;
    const stdout = `${record('@3', 'a\nb', '/tmp/x\ny\tz', `a\tb${other.record}`)}\n${record('@4', 'bash', '/', 'n\n')}\n`;
    expect(parseWindowList(stdout, d)).toEqual([
      { window_id: '@3', pane_pid: 99, pane_dead: false, pane_current_command: 'a\nb', pane_current_path: '/tmp/x\ny\tz', width: 200, height: 50, window_activity: 1700000000, provider: 'shell', mode: 'normal', window_name: `a\tb${other.record}` },
      expect.objectContaining({ window_id: '@4', pane_current_command: 'bash', window_name: 'n\n' }),
    ]);
    expect(parseWindowList('', d)).toEqual([]);
    // A record that cannot be read is a failure to ask tmux, never a window gone.
    expect(() => parseWindowList(`garbage${d.record}\n`, d)).toThrow(TmuxError);
  });
});
