import { defineCommand } from 'citty';
import { existsSync } from 'node:fs';
import { serviceFilePath } from '@devhub/shared';
import { configPath, stateDir } from '../config';
import { VERSION } from '../version';
import { outputArgs, print } from './_args';
import { describeServer, serverState } from './_running';
import { homeDir } from './service/detect';
import { SERVICE_NAME } from './service/spec';
import { gatherUsage } from './usage';
import { loadContext } from './_context';

/** `usage` plus whether the proxy is running; the JSON carries the usage report under `usage`. */
export default defineCommand({
  meta: { name: 'status', description: 'Show whether the proxy is running and the quota of every key' },
  args: { ...outputArgs },
  async run({ args }) {
    const { config, dir } = loadContext();
    const server = await serverState(config, dir);
    const serviceFile = serviceFilePath(homeDir(), SERVICE_NAME);
    const service = { installed: existsSync(serviceFile), file: serviceFile };
    const { report, lines } = await gatherUsage(args);
    if (args.json) {
      print(JSON.stringify({ ok: report.ok, version: VERSION, config: configPath(stateDir()), server, service, usage: report }, null, 2));
    } else {
      print([
        `modelproxy ${VERSION}`,
        `server:  ${describeServer(server)}`,
        `service: ${service.installed ? `installed (${service.file})` : 'not installed'}`,
        `config:  ${configPath(dir)}`,
        '',
        ...lines,
      ]);
    }
    process.exitCode = report.ok ? 0 : 1;
  },
});
