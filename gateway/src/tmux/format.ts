/**
 * tmux expands formats in some arguments (`new-window -n` and `-c`, `new-session -s` and `-n`):
 * `#(cmd)` there runs a shell command and `#{…}` is replaced. `##` is tmux's literal `#`, so a name
 * or directory passed through here reaches tmux exactly as given and runs nothing.
 */
export function escapeFormat(text: string): string {
  return text.replaceAll('#', '##');
}
