import { describe, expect, it } from 'bun:test';
import { parseCommand } from '../../src/bridge/commands';
import { feishuCard, parseButtonValue } from '../../src/bridge/feishu/card';
import { chatKey } from '../../src/bridge/keys';
import { channelOf, parseChannel } from '../../src/bridge/platform';
import { blocksOf, paginate, promptCard, splitText, statusLine } from '../../src/bridge/render';
import { addressedText } from '../../src/bridge/telegram/addressee';
import { markdownToHtml, parseCallbackData, telegramKeyboard, telegramText } from '../../src/bridge/telegram/format';
import type { AgentMessage } from '../../src/events';

const msg = (text: string, content_type: AgentMessage['content_type'], role: AgentMessage['role'] = 'assistant'): AgentMessage =>
  ({ text, role, content_type, is_complete: true, phase: null, tool_use_id: null, tool_name: null, timestamp: null });

describe('bridge rendering', () => {
  it('renders assistant text, tool calls and short tool results; leaves out the prompt echo and thinking', () => {
    const long = Array.from({ length: 30 }, (_, i) => `out ${i + 1}`).join('\n');
    expect(blocksOf([
      msg('say pong', 'text', 'user'), msg('hmm', 'thinking'), msg('PONG', 'text'), msg('**Bash**(ls)', 'tool_use'), msg(long, 'tool_result'),
    ])).toEqual([
      { type: 'markdown', text: 'PONG' },
      { type: 'tool', text: '**Bash**(ls)' },
      { type: 'code', text: `${long.split('\n').slice(0, 12).join('\n')}\n… (18 more lines)` },
    ]);
  });

  it('splits long text at line ends within the limit, closing and reopening a code fence it cuts', () => {
    const text = ['intro', '```ts', ...Array.from({ length: 40 }, (_, i) => `const v${i} = ${i};`), '```', 'outro'].join('\n');
    const pieces = splitText(text, 200);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(200);
      expect((piece.match(/^```/gm) ?? []).length % 2).toBe(0); // every piece's fences are balanced
    }
    const joined = pieces.join('\n');
    for (let i = 0; i < 40; i++) expect(joined).toContain(`const v${i} = ${i};`);
    expect(pieces[0]).toStartWith('intro');
    expect(pieces.at(-1)).toEndWith('outro');
    // A single line longer than a piece is cut.
    const cut = splitText('x'.repeat(1000), 100);
    expect(cut.join('')).toBe('x'.repeat(1000));
    for (const piece of cut) expect(piece.length).toBeLessThanOrEqual(100);
  });

  it('never cuts an emoji (a surrogate pair) in two: a long line, a long tool result, a button label', () => {
    // The cut falls between the two halves of 😀 unless it is moved: a lone half cannot be sent as UTF-8.
    const line = `${'a'.repeat(3486)}${'😀'.repeat(10)}`;
    const pieces = paginate([{ type: 'markdown', text: line }], 3500).flat().map((b) => b.text);
    expect(pieces.join('')).toBe(line);
    for (const piece of pieces) expect(piece.isWellFormed()).toBe(true);
    for (const piece of splitText(`x${'🚀'.repeat(300)}`, 100)) expect(piece.isWellFormed()).toBe(true);
    const [result] = blocksOf([msg(`${'b'.repeat(1499)}🚀🚀`, 'tool_result')]);
    expect(result!.text).toBe(`${'b'.repeat(1499)}…`);
    const card = promptCard('@3', 's', { type: 'question', question: 'Pick', options: [{ index: 1, label: `${'c'.repeat(56)}🚀` }], selected: 1 }, '');
    expect(card.buttons![0]!.label.isWellFormed()).toBe(true);
  });

  it('lays blocks out on pages: whole where they fit, split where they do not', () => {
    const blocks = [{ type: 'markdown' as const, text: 'a'.repeat(50) }, { type: 'code' as const, text: Array.from({ length: 30 }, () => 'y'.repeat(20)).join('\n') }];
    const pages = paginate(blocks, 200);
    expect(pages[0]![0]).toEqual(blocks[0]!);
    expect(pages.flat().filter((b) => b.type === 'code').map((b) => b.text).join('\n')).toBe(blocks[1]!.text);
    for (const page of pages) expect(page.reduce((n, b) => n + b.text.length + 8, 0)).toBeLessThanOrEqual(200);
  });

  it('writes the status line and the prompt card', () => {
    expect(statusLine({ status: 'working', display_label: 'Working: Pondering…' }, 'proj (@3)')).toBe('⏳ Working: Pondering… · proj (@3)');
    expect(statusLine({ status: 'interactive', display_label: 'Waiting: Do you want to proceed?' })).toBe('❓ Waiting: Do you want to proceed?');
    const card = promptCard('@3', 'proj (@3)', { type: 'permission', question: 'Do you want to proceed?', options: [{ index: 1, label: 'Yes' }, { index: 2, label: 'No' }], selected: 1 }, 'Bash command\n  touch x');
    expect(card.buttons!.map((b) => [b.label, b.value.w, b.value.o])).toEqual([['1. Yes', '@3', 1], ['2. No', '@3', 2]]);
    expect(card.buttons![0]!.value.p).toMatch(/^[0-9a-f]{12}$/);
    expect(card.blocks[0]).toEqual({ type: 'code', text: 'Bash command\n  touch x' });
  });

  it('makes Feishu cards that can be patched, with button values that come back', () => {
    const card = feishuCard({ title: 'proj', tone: 'waiting', blocks: [{ type: 'code', text: 'a ``` b' }, { type: 'tool', text: '**Read**(x)' }], buttons: [{ label: '1. Yes', value: { w: '@3', o: 1, p: 'abc123abc123' } }], footer: '❓ Waiting' });
    expect(card.config).toEqual({ wide_screen_mode: true, update_multi: true });
    expect(card.header).toEqual({ title: { tag: 'plain_text', content: 'proj' }, template: 'orange' });
    const elements = card.elements as any[];
    expect(elements[0].content).toBe('```\na `\u200b`` b\n```');
    expect(elements[1].content).toBe('🔧 **Read**(x)');
    expect(elements[2].actions[0].value).toEqual({ w: '@3', o: '1', p: 'abc123abc123' });
    expect(parseButtonValue(elements[2].actions[0].value)).toEqual({ w: '@3', o: 1, p: 'abc123abc123' });
    expect(parseButtonValue({ w: '@3', o: 'x', p: 'a' })).toBeNull();
    expect(elements.at(-1)).toEqual({ tag: 'note', elements: [{ tag: 'plain_text', content: '❓ Waiting' }] });
  });

  it('makes Telegram HTML with escaped text, <pre> code and compact callback data', () => {
    expect(markdownToHtml('a <b> & **bold** `x<y`\n```js\nif (a < b) {}\n```\nend')).toBe('a &lt;b&gt; &amp; <b>bold</b> <code>x&lt;y</code>\n<pre>if (a &lt; b) {}</pre>\nend');
    const card = { title: 'proj <1>', blocks: [{ type: 'note' as const, text: 'n' }], buttons: [{ label: '1. Yes', value: { w: '@12', o: 1, p: 'abcdef012345' } }] };
    expect(telegramText(card)).toBe('<b>proj &lt;1&gt;</b>\n\n<i>n</i>');
    const data = telegramKeyboard(card)!.inline_keyboard[0]![0]!.callback_data;
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
    expect(parseCallbackData(data)).toEqual({ w: '@12', o: 1, p: 'abcdef012345' });
    expect(parseCallbackData('a|12|1|zz')).toBeNull();
  });
});

describe('bridge commands and keys', () => {
  it('parses the bridge commands only; other slash words are for the assistant', () => {
    expect(parseCommand('/new shell ~/my dir')).toEqual({ name: 'new', args: ['shell', '~/my', 'dir'], rest: 'shell ~/my dir' });
    // Telegram's platform strips its own `@name` first (addressedText); any other is not a command here.
    expect(parseCommand('/list@agentgw_bot')).toBeNull();
    expect(parseCommand('/KEY Down down  enter')!.args).toEqual(['Down', 'down', 'enter']);
    expect(parseCommand('/type /help')).toEqual({ name: 'type', args: ['/help'], rest: '/help' });
    expect(parseCommand('/compact')).toBeNull();
    expect(parseCommand('/exit')).toBeNull();
    expect(parseCommand('echo /new')).toBeNull();
  });

  it('takes a Telegram command addressed to this bot, in any case, without its name, and drops one for another bot', () => {
    expect(addressedText('/list@agentgw_bot', 'agentgw_bot')).toBe('/list');
    expect(addressedText('/new@AgentGW_Bot shell ~/x', 'agentgw_bot')).toBe('/new shell ~/x');
    expect(addressedText('/stop@SomeOtherBot', 'agentgw_bot')).toBeNull();
    expect(addressedText('/compact@SomeOtherBot now', 'agentgw_bot')).toBeNull();
    expect(addressedText('/stop@agentgw_bot_2bot', 'agentgw_bot')).toBeNull();
    expect(addressedText('/stop@agentgw_bot', '')).toBeNull();
    for (const text of ['/stop', 'echo /stop@OtherBot', 'mail me@robot', '/tmp/x@2']) expect(addressedText(text, 'agentgw_bot')).toBe(text);
  });

  it('maps the key names people type to tmux keys', () => {
    const cases: Record<string, string | null> = {
      enter: 'Enter', ESC: 'Escape', up: 'Up', 'ctrl-c': 'C-c', 'Ctrl+D': 'C-d', '^z': 'C-z', 'alt-x': 'M-x', f5: 'F5', y: 'y', '1': '1',
      tab: 'Tab', 'shift-tab': 'BTab', backspace: 'BSpace', pgdn: 'PageDown', Escape: 'Escape', 'C-c': 'C-c', nonsense: null, '': null,
    };
    for (const [word, key] of Object.entries(cases)) expect([word, chatKey(word)]).toEqual([word, key]);
  });

  it('names channels after the platform, chat and thread', () => {
    expect(channelOf('feishu', { chatId: 'oc_1' })).toBe('feishu:oc_1');
    expect(channelOf('feishu', { chatId: 'oc_1', threadId: 'omt_2' })).toBe('feishu:oc_1:omt_2');
    expect(parseChannel('telegram:-100123:7')).toEqual({ platform: 'telegram', chatId: '-100123', threadId: '7' });
    expect(parseChannel('api:1b2c')).toEqual({ platform: 'api', chatId: '1b2c' });
    expect(parseChannel('demo')).toBeNull();
  });
});
