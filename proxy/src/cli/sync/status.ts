import { defineCommand } from 'citty';
import { readFileSync } from 'node:fs';
import { print } from '../_args';
import { loadContext } from '../_context';
import { decryptConfig } from './crypto';
import { passphraseArg, passphrase } from './passphrase';
import { getBlob } from './remote';
import { readTarget, showUrl, targetArgs } from './target';

export default defineCommand({
  meta: { name: 'status', description: 'Compare the local config with the synced one' },
  args: { ...targetArgs, ...passphraseArg },
  async run({ args }) {
    const { dir, path } = loadContext();
    const target = readTarget(dir, args);
    const remote = await getBlob(target);
    if (!remote) return print(`${showUrl(target.url)}: nothing pushed yet (modelproxy sync push)`);
    const { plaintext, blob } = await decryptConfig(remote.text, await passphrase(args['passphrase-file']));
    const same = plaintext === readFileSync(path, 'utf8');
    print([
      `${showUrl(target.url)}: pushed ${blob.created_at}${remote.modified ? ` (server time ${remote.modified})` : ''}`,
      same ? 'in sync: the local config is identical' : 'differs: push to replace the remote copy, or pull to replace the local one',
    ]);
  },
});
