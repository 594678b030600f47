import { join } from 'node:path';

/** Every file the gateway keeps in its state directory (spec "Persisted files"). */
export interface StatePaths {
  dir: string;
  /** Channel ↔ window bindings and window metadata; written only by the server. */
  state: string;
  /** `<socket path>:<session>:@N` → assistant session; written by `agentgw hook` on SessionStart. */
  sessionMap: string;
  /** Transcript poll offsets; written by the monitor. */
  monitorState: string;
  /** Append-only hook event log; appended by `agentgw hook`, read by the monitor. */
  events: string;
  /** PID of the running server; present only while it runs. */
  pid: string;
  /** Output of a detached server. */
  log: string;
}

export function statePaths(dir: string): StatePaths {
  return {
    dir,
    state: join(dir, 'state.json'),
    sessionMap: join(dir, 'session_map.json'),
    monitorState: join(dir, 'monitor_state.json'),
    events: join(dir, 'events.jsonl'),
    pid: join(dir, 'server.pid'),
    log: join(dir, 'server.log'),
  };
}
