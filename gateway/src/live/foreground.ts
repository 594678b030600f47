import { readFileSync } from 'node:fs';

/**
 * Whether a job runs in the foreground of the pane's shell (Linux: the terminal's foreground process
 * group, `tpgid` in /proc/<pid>/stat, is not the shell's own). tmux names a script by its
 * interpreter (`bash` for `#!/bin/bash`), so `pane_current_command` alone cannot tell a wrapper
 * script or a running `./build.sh` from the shell's prompt. Null where /proc is missing (macOS).
 */
export function foregroundJob(panePid: number): boolean | null {
  if (!(panePid > 0)) return null;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${panePid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Fields after "(comm)": state ppid pgrp session tty_nr tpgid …; comm itself may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const tpgid = Number(fields[5]);
  return Number.isInteger(tpgid) && tpgid > 0 ? tpgid !== panePid : null;
}
