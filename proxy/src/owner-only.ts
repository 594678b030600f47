import { closeSync, constants, fchmodSync, fstatSync, openSync } from 'node:fs';

/**
 * Makes the file at `path` readable by its owner only (0600), never through a symbolic link:
 * chmod follows one, so a `settings.json.bak` linked to ~/.bashrc would narrow that file instead.
 * O_NOFOLLOW refuses a link at open; the mode is then set on what was opened, so nothing can swap
 * the path in between. O_NONBLOCK: opening a FIFO put there must not hang. Returns whether it did.
 */
export function restrictToOwner(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return false; // missing, a link (ELOOP) or unreadable: nothing of ours to restrict
  }
  try {
    if (!fstatSync(fd).isFile()) return false;
    fchmodSync(fd, 0o600);
    return true;
  } finally {
    closeSync(fd);
  }
}
