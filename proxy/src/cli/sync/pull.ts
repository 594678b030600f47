import { writeFileAtomic } from '@devhub/shared';
import { defineCommand } from 'citty';
import { readFileSync } from 'node:fs';
import { migrateConfigFile } from '../../migrations';
import { print } from '../_args';
import { loadContext } from '../_context';
import { CommandFailed } from '../_errors';
import { checkConfigText, describeConfig } from '../config/check';
import { decryptConfig } from './crypto';
import { passphrase, passphraseArg } from './passphrase';
import { getBlob } from './remote';
import { readTarget, showUrl, targetArgs } from './target';

/** Download, decrypt, validate; only then replace config.yaml (backup + atomic). */
export default defineCommand({
  meta: { name: 'pull', description: 'Download, decrypt and install the synced config.yaml (backup of the old one)' },
  args: { ...targetArgs, ...passphraseArg },
  async run({ args }) {
    const { dir, path } = loadContext();
    const target = readTarget(dir, args);
    const remote = await getBlob(target);
    if (!remote) throw new CommandFailed(`nothing was pushed to ${showUrl(target.url)} yet`, 'SYNC_EMPTY');
    const { plaintext, blob } = await decryptConfig(remote.text, await passphrase(args['passphrase-file']));
    const { config } = checkConfigText(plaintext, `${showUrl(target.url)} (pushed ${blob.created_at})`);
    if (plaintext === readFileSync(path, 'utf8')) return print(`${path} is already the synced config (pushed ${blob.created_at})`);
    writeFileAtomic(path, plaintext, { mode: 0o600, backup: true });
    const migrated = migrateConfigFile(path);
    print([
      `pulled the config pushed ${blob.created_at}: ${describeConfig(config)}`,
      `previous config: ${path}.bak${migrated ? `; migrated v${migrated.from} → v${migrated.to}` : ''}`,
      'a running proxy picks it up with: modelproxy service reload',
    ]);
  },
});
