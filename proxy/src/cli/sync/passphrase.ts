import { existsSync, readFileSync } from 'node:fs';
import { BadArgument } from '../_errors';

export const passphraseArg = {
  'passphrase-file': { type: 'string', description: 'Read the passphrase from this file (else $MODELPROXY_SYNC_PASSPHRASE, else a prompt)' },
} as const;

/** From a file, the environment, or a no-echo prompt on a terminal; never from a flag (visible in ps). */
export async function passphrase(file: string | undefined, confirm = false): Promise<string> {
  if (file) {
    if (!existsSync(file)) throw new BadArgument(`passphrase file not found: ${file}`);
    return nonEmpty(readFileSync(file, 'utf8').replace(/\r?\n$/, ''));
  }
  if (process.env.MODELPROXY_SYNC_PASSPHRASE) return process.env.MODELPROXY_SYNC_PASSPHRASE;
  if (!process.stdin.isTTY) throw new BadArgument('no passphrase: set MODELPROXY_SYNC_PASSPHRASE or pass --passphrase-file');
  const first = nonEmpty(await readHidden('sync passphrase: '));
  if (confirm && (await readHidden('again: ')) !== first) throw new BadArgument('the passphrases differ');
  return first;
}

function nonEmpty(value: string): string {
  if (!value) throw new BadArgument('the passphrase is empty');
  return value;
}

/** Reads one line from the terminal in raw mode without echoing it. */
function readHidden(question: string): Promise<string> {
  process.stderr.write(question);
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done(() => resolve(value));
        if (ch === '\u0003') return done(() => reject(new BadArgument('cancelled')));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    const done = (finish: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      finish();
    };
    stdin.on('data', onData);
  });
}
