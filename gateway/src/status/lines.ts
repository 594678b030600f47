/** Screen lines with trailing blanks dropped and box borders (`│ … │`) peeled off. */
export function screenLines(pane: string): string[] {
  const lines = pane.replace(/\r/g, '').split('\n').map((line) => unbox(line.replace(/\s+$/, '')));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function unbox(line: string): string {
  const m = /^\s*[│┃|]\s?(.*?)\s*[│┃|]$/.exec(line);
  return m ? ` ${m[1]!.replace(/\s+$/, '')}` : line;
}

/** A horizontal rule Claude Code draws around its input box (≥ 20 box-drawing dashes). */
export const isSeparator = (line: string) => /^\s*[─━]{20,}\s*$/.test(line) || /^\s*[╭╰][─━]{18,}[╮╯]\s*$/.test(line);
