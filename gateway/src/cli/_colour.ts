// Imported before citty, which decides once, at load, whether to colour its help and errors: it
// colours even in a pipe or a file and honours only NO_COLOR=1 (no-color.org: any non-empty value).
// So: plain unless stdout is a terminal, or FORCE_COLOR asks. NO_COLOR is set only while citty
// loads: a server started from here passes its environment to the tmux server, and the
// assistants in its windows must keep their colours (and the screenshots with them).
const env = process.env;
const previous = env.NO_COLOR;
const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0';
if (!forced && (previous || !process.stdout.isTTY)) env.NO_COLOR = '1';

/** Puts NO_COLOR back as the user had it, once citty has loaded. */
export function restoreColourEnv(): void {
  if (previous === undefined) delete env.NO_COLOR;
  else env.NO_COLOR = previous;
}
