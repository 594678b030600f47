/**
 * Stopping a bot process: a bot that ignores SIGTERM or stdin's end still goes (README, "mjai
 * bots": stopped with stdin closed, killed after 0.5 s).
 */
import { withDeadline } from '@devhub/shared/timers';

/** How long a bot gets after stdin's end, and then after SIGTERM, before the next step. */
export const KILL_GRACE_MS = 500;
/** After SIGKILL the process is gone at once; this bound only keeps a stuck wait from hanging a game. */
const REAP_MS = 2_000;

interface BotProcess {
  readonly pid: number;
  readonly exited: Promise<number>;
  kill(signal?: NodeJS.Signals | number): void;
}


const exitedWithin = (bot: BotProcess, ms: number): Promise<boolean> => withDeadline(bot.exited.then(() => true), ms, () => false);


/**
 * After stdin was closed: the bot gets KILL_GRACE_MS to finish, then SIGTERM and another
 * KILL_GRACE_MS, then SIGKILL. Never waits unboundedly.
 */
export async function stopProcess(bot: BotProcess): Promise<void> {
  if (await exitedWithin(bot, KILL_GRACE_MS)) return;
  bot.kill('SIGTERM');
  if (await exitedWithin(bot, KILL_GRACE_MS)) return;
  bot.kill('SIGKILL');
  await exitedWithin(bot, REAP_MS);
}
