import { defineCommand } from 'citty';
import { ensureProxyStateDir } from '../../config';
import { print } from '../_args';
import { BadArgument } from '../_errors';
import { isSecureUrl } from '../_secure-url';
import { showUrl, writeTarget } from './target';

export default defineCommand({
  meta: { name: 'setup', description: 'Remember the sync server (URL, user; password from stdin or $MODELPROXY_SYNC_PASSWORD)' },
  args: {
    url: { type: 'string', description: 'Full URL of the blob, e.g. https://dav.example.com/remote.php/dav/files/me/modelproxy.blob', required: true },
    user: { type: 'string', description: 'Basic-auth user name' },
    'password-stdin': { type: 'boolean', description: 'Read the basic-auth password from stdin', default: false },
  },
  async run({ args }) {
    if (!isSecureUrl(args.url)) throw new BadArgument(`--url must be https (plain http only on this machine: the password and the blob would cross the network in clear): ${showUrl(args.url)}`);
    const password = args['password-stdin'] ? (await Bun.stdin.text()).replace(/\r?\n$/, '') : process.env.MODELPROXY_SYNC_PASSWORD;
    const path = writeTarget(ensureProxyStateDir(), { url: args.url, ...(args.user ? { username: args.user } : {}), ...(password ? { password } : {}) });
    print(`saved ${path} (mode 600): ${showUrl(args.url)}${args.user ? ` as ${args.user}` : ''}${password ? ' with a password' : ''}`);
  },
});
