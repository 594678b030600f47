/**
 * `<socket path>:<session>:@N`, a window's key in session_map.json, events.jsonl and
 * monitor_state.json. The tmux server's socket path is part of it: another server can hold a session
 * of the same name with a window of the same `@N`, and the hooks run there may write to the same
 * state directory. tmux turns a `:` in a session name into `_`, so a key reads back one way only.
 */
export function windowKey(server: string, session: string, windowId: string): string {
  return `${server}:${session}:${windowId}`;
}

/**
 * The `@N` a key names in this server's session; null for a key of another server or session, or an
 * older hook's `<session>:@N`, which does not say which server its window was on.
 */
export function windowOfKey(key: string, server: string, session: string): string | null {
  const prefix = windowKey(server, session, '');
  if (!server || !key.startsWith(prefix)) return null;
  const windowId = key.slice(prefix.length);
  return /^@\d+$/.test(windowId) ? windowId : null;
}
