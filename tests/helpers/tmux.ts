import { rmSync } from 'node:fs';
import { join } from 'node:path';

/** Stops a private tmux server (`tmux -L <socket>`) and removes its socket file. */
export async function killTmuxServer(socket: string): Promise<void> {
  await Bun.spawn(['tmux', '-L', socket, 'kill-server'], { stdout: 'ignore', stderr: 'ignore' }).exited;
  const dir = join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${process.getuid?.() ?? 0}`);
  rmSync(join(dir, socket), { force: true });
}
