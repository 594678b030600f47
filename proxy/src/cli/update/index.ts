import { run } from '@devhub/shared';
import { defineCommand } from 'citty';
import { resolve } from 'node:path';
import { stateDir } from '../../config';
import { VERSION } from '../../version';
import { print, printErr } from '../_args';
import { loadContext } from '../_context';
import { detectManager, installedServiceFile } from '../service/detect';
import { existsSync } from 'node:fs';
import { isCompiledBinary } from '@devhub/shared/runtime';
import { installBinary } from './install';
import { compareVersions, fetchManifest, manifestUrl, platformKey } from './manifest';

const REPO_ROOT = resolve(import.meta.dir, '../../../..');

export default defineCommand({
  meta: { name: 'update', description: 'Check for a newer release and install it (binary) or print how to (source checkout)' },
  args: {
    check: { type: 'boolean', description: 'Only report whether an update exists', default: false },
    manifest: { type: 'string', description: 'Release manifest URL (else $MODELPROXY_UPDATE_MANIFEST, else update.manifest_url of config.yaml)' },
  },
  async run({ args }) {
    const url = manifestUrl(args.manifest, configuredManifest());
    const manifest = await fetchManifest(url);
    if (compareVersions(manifest.version, VERSION) <= 0) return print(`modelproxy ${VERSION} is up to date (latest release: ${manifest.version})`);
    print(`update available: ${VERSION} → ${manifest.version}${manifest.notes ? ` — ${manifest.notes}` : ''}`);
    if (args.check) return;
    if (!isCompiledBinary()) {
      return print([
        `modelproxy runs from a source checkout (${REPO_ROOT}); update it with:`,
        `  cd ${REPO_ROOT} && git pull && bun install`,
        '  modelproxy config migrate',
        '  modelproxy service restart    # when installed as a service',
      ]);
    }
    const target = process.execPath;
    const done = await installBinary(manifest, url, platformKey(), target);
    print(`replaced ${target} with ${manifest.version} (${done.bytes} bytes, sha256 ${done.sha256})`);
    // The new binary knows the new config_version, so it runs the migration.
    const migrated = await run([target, 'config', 'migrate'], { timeoutMs: 60_000 });
    print(migrated.stdout.trim() || migrated.stderr.trim());
    await restartService();
  },
});

/**
 * The config's manifest URL. A config that does not load must not block an update (the new
 * release may be what fixes it), so its problem is only mentioned.
 */
function configuredManifest(): string | undefined {
  try {
    return loadContext().config.update.manifest_url || undefined;
  } catch (error) {
    printErr(`note: config.yaml not read (${(error as Error).message.split('\n')[0]})`);
    return undefined;
  }
}

/** A new binary needs a restart (a reload only re-reads the config). */
async function restartService(): Promise<void> {
  // No service installed: nothing to restart, and `service start` would only fail.
  if (!existsSync(installedServiceFile())) return print('no service is installed; restart a running `modelproxy serve` yourself to use the new version');
  try {
    const manager = detectManager(stateDir());
    const state = await manager.state();
    if (!state.active) return print('the service is installed but not running; start it with: modelproxy service start');
    await manager.restart();
    print(`restarted the service (${manager.kind})`);
  } catch (error) {
    printErr(`note: ${(error as Error).message}; restart a running proxy yourself`);
  }
}
