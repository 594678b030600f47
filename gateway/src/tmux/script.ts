/**
 * One tmux command as a line of tmux's own command language, for `tmux source-file -` to read on
 * stdin (README "Security model", "Process arguments"). Every argument is single-quoted, where tmux
 * takes every byte literally (no `$`, `~`, `;`, `#{}` or `\` processing); a `'` closes the quote,
 * adds `\'` and opens it again, and a newline (which single quotes cannot hold) is a double-quoted
 * `"\n"`: tmux joins adjacent quoted parts into one argument. So tmux receives the same arguments
 * it would from argv, byte for byte.
 */
export function commandLine(args: readonly string[]): string {
  return `${args.map(quoteArgument).join(' ')}\n`;
}

export function quoteArgument(arg: string): string {
  return arg.split('\n').map((part) => `'${part.replaceAll("'", "'\\''")}'`).join('"\\n"');
}
