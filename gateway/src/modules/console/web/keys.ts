/**
 * What the terminal view sends for what xterm.js reports typed (`onData`): runs of printable text
 * as literal input, everything else as tmux key names — the two things the gateway accepts.
 */
export type Typed = { text: string } | { key: string };

const SEQUENCES: Record<string, string> = {
  '\r': 'Enter', '\n': 'Enter', '\t': 'Tab', '\x7f': 'BSpace', '\b': 'BSpace', '\x1b': 'Escape', '\x1b[Z': 'BTab',
  '\x1b[A': 'Up', '\x1b[B': 'Down', '\x1b[C': 'Right', '\x1b[D': 'Left',
  '\x1bOA': 'Up', '\x1bOB': 'Down', '\x1bOC': 'Right', '\x1bOD': 'Left',
  '\x1b[H': 'Home', '\x1b[F': 'End', '\x1bOH': 'Home', '\x1bOF': 'End', '\x1b[1~': 'Home', '\x1b[4~': 'End',
  '\x1b[2~': 'IC', '\x1b[3~': 'DC', '\x1b[5~': 'PageUp', '\x1b[6~': 'PageDown',
  '\x1bOP': 'F1', '\x1bOQ': 'F2', '\x1bOR': 'F3', '\x1bOS': 'F4', '\x1b[15~': 'F5', '\x1b[17~': 'F6',
  '\x1b[18~': 'F7', '\x1b[19~': 'F8', '\x1b[20~': 'F9', '\x1b[21~': 'F10', '\x1b[23~': 'F11', '\x1b[24~': 'F12',
};
const LONGEST = Math.max(...Object.keys(SEQUENCES).map((s) => s.length));

export function typedFromTerminal(data: string): Typed[] {
  const out: Typed[] = [];
  let text = '';
  const flush = () => { if (text) out.push({ text }); text = ''; };
  for (let i = 0; i < data.length;) {
    let matched = '';
    for (let n = Math.min(LONGEST, data.length - i); n > 1 && !matched; n--) {
      if (SEQUENCES[data.slice(i, i + n)]) matched = data.slice(i, i + n);
    }
    const next = data[i + 1];
    if (!matched && data[i] === '\x1b' && next !== undefined && next >= ' ' && next !== '\x7f') {
      // Alt+key arrives as ESC then the key; tmux names it M-<key>.
      flush();
      out.push({ key: `M-${next}` });
      i += 2;
      continue;
    }
    if (!matched && SEQUENCES[data[i]!]) matched = data[i]!;
    if (matched) {
      flush();
      out.push({ key: SEQUENCES[matched]! });
      i += matched.length;
      continue;
    }
    const code = data.charCodeAt(i);
    if (code < 0x20) {
      flush();
      // Ctrl+letter arrives as 0x01–0x1a; tmux names it C-a … C-z.
      if (code >= 1 && code <= 26) out.push({ key: `C-${String.fromCharCode(code + 96)}` });
    } else {
      text += data[i];
    }
    i++;
  }
  flush();
  return out;
}
