import { describe, expect, it } from 'bun:test';
import { isValidKey } from '../../src/tmux';
import { typedFromTerminal } from '../../src/modules/console/web/keys';

describe('terminal keystrokes → gateway input and keys', () => {
  it('sends printable runs as text and the rest as tmux key names', () => {
    expect(typedFromTerminal('ls -la\r')).toEqual([{ text: 'ls -la' }, { key: 'Enter' }]);
    expect(typedFromTerminal('\x1b[A\x1b[B\x1bOC\x1b[D')).toEqual([{ key: 'Up' }, { key: 'Down' }, { key: 'Right' }, { key: 'Left' }]);
    expect(typedFromTerminal('ab\x7f\x03\t\x1b[Z\x1b')).toEqual([{ text: 'ab' }, { key: 'BSpace' }, { key: 'C-c' }, { key: 'Tab' }, { key: 'BTab' }, { key: 'Escape' }]);
    expect(typedFromTerminal('\x1bb\x1b[3~\x1b[5~\x1bOP\x1b[24~')).toEqual([{ key: 'M-b' }, { key: 'DC' }, { key: 'PageUp' }, { key: 'F1' }, { key: 'F12' }]);
    expect(typedFromTerminal('héllo wörld ✓')).toEqual([{ text: 'héllo wörld ✓' }]);
  });

  it('only ever produces key names the gateway accepts', () => {
    const all = ['\r', '\t', '\x7f', '\x1b', '\x1b[A', '\x1bOA', '\x1b[H', '\x1b[F', '\x1b[2~', '\x1b[6~', '\x1b[Z', '\x1bx', '\x1b[15~', '\x1b[21~']
      .concat(Array.from({ length: 26 }, (_, i) => String.fromCharCode(i + 1)));
    for (const data of all) {
      for (const typed of typedFromTerminal(data)) if ('key' in typed) expect({ data, ok: isValidKey(typed.key) }).toEqual({ data, ok: true });
    }
  });
});
