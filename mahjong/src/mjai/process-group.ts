/**
 * Stopping a bot process and everything it started. The bot runs in a process group of its own
 * (spawned `detached`, so it is the group's leader and the group's id is its pid): helpers it
 * starts in the background are in that group and go with it, and a bot that ignores SIGTERM or
 * stdin's end still goes (README, "mjai bots": stopped with stdin closed, killed after 0.5 s).
 */
import { withDeadline } from '@devhub/shared/timers';

/** How long a bot gets after stdin's end, and then after SIGTERM, before the next step. */
export const KILL_GRACE_MS = 500;
/** After SIGKILL the process is gone at once; this bound only keeps a stuck wait from hanging a game. */
const REAP_MS = 2_000;

interface GroupLeader {
  readonly pid: number;
  readonly exited: Promise<number>;
  kill(signal?: NodeJS.Signals | number): void;
}

/** Sends `signal` to the whole group; false once no process of it is left. */
export function signalGroup(leader: GroupLeader, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-leader.pid, signal);
    return true;
  } catch {
    return false;
  }
}

const exitedWithin = (leader: GroupLeader, ms: number): Promise<boolean> => withDeadline(leader.exited.then(() => true), ms, () => false);

/** Waits until no process of the group is left, polling (there is no event for it), at most `ms`. */
async function groupGoneWithin(leader: GroupLeader, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (signalGroup(leader, 0)) {
    if (Date.now() >= deadline) return false;
    await Bun.sleep(20);
  }
  return true;
}

/**
 * After stdin was closed: the leader gets KILL_GRACE_MS to finish, then the group SIGTERM and
 * another KILL_GRACE_MS, then SIGKILL. Never waits unboundedly.
 */
export async function stopGroup(leader: GroupLeader): Promise<void> {
  await exitedWithin(leader, KILL_GRACE_MS);
  if (!signalGroup(leader, 'SIGTERM')) return;
  if (await groupGoneWithin(leader, KILL_GRACE_MS)) return;
  signalGroup(leader, 'SIGKILL');
  await exitedWithin(leader, REAP_MS);
}
