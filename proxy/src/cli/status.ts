import { defineCommand } from 'citty';
import { existsSync } from 'node:fs';
import { configPath, stateDir } from '../config';
import { VERSION } from '../version';
import { outputArgs, print } from './_args';
import { describeServer, serverState } from './_running';
import { detectManager, installedServiceFile } from './service/detect';
import { gatherUsage } from './usage';
import { loadContext } from './_context';
import { liveKeyLines, liveKeys } from './_live-keys';
import { ExitStatus } from '@devhub/shared';

/** The manager is asked only when a service file exists, so a machine without one is never probed. */
async function serviceState(dir: string): Promise<{ installed: boolean; file: string; state: string | null }> {
  const file = installedServiceFile();
  if (!existsSync(file)) return { installed: false, file, state: null };
  try {
    return { installed: true, file, state: (await detectManager(dir).state()).detail };
  } catch (error) {
    return { installed: true, file, state: `unknown (${(error as Error).message})` };
  }
}

/**
 * `usage` plus whether the proxy is running and, when it is, each key's live state there (resting
 * and until when); the JSON carries them under `keys` and the usage report under `usage`.
 */
export default defineCommand({
  meta: { name: 'status', description: 'Show whether the proxy is running and the quota of every key' },
  args: { ...outputArgs },
  async run({ args }) {
    const { config, dir } = loadContext();
    const server = await serverState(config, dir);
    const service = await serviceState(dir);
    const live = server.running ? await liveKeys(server.url, config) : null;
    const { report, lines } = await gatherUsage(args);
    if (args.json) {
      print(JSON.stringify({ ok: report.ok, version: VERSION, config: configPath(stateDir()), server, service, keys: live, usage: report }, null, 2));
    } else {
      print([
        `modelproxy ${VERSION}`,
        `server:  ${describeServer(server)}`,
        `service: ${service.installed ? `installed (${service.file})${service.state ? `, ${service.state}` : ''}` : 'not installed'}`,
        `config:  ${configPath(dir)}`,
        ...(live ? ['', 'keys in the running proxy:', ...liveKeyLines(live)] : []),
        '',
        ...lines,
      ]);
    }
    if (!report.ok) throw new ExitStatus(1);
  },
});
