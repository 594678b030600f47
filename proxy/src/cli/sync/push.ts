import { defineCommand } from 'citty';
import { readFileSync } from 'node:fs';
import { print } from '../_args';
import { loadContext } from '../_context';
import { encryptConfig } from './crypto';
import { passphrase, passphraseArg } from './passphrase';
import { putBlob } from './remote';
import { readTarget, showUrl, targetArgs } from './target';

export default defineCommand({
  meta: { name: 'push', description: 'Encrypt config.yaml and upload it' },
  args: { ...targetArgs, ...passphraseArg },
  async run({ args }) {
    const { dir, path } = loadContext();
    const target = readTarget(dir, args);
    const blob = await encryptConfig(readFileSync(path, 'utf8'), await passphrase(args['passphrase-file'], true));
    const body = JSON.stringify(blob);
    await putBlob(target, body);
    print(`pushed ${path} (encrypted, ${body.length} bytes) to ${showUrl(target.url)}`);
  },
});
