import { existsSync, unlinkSync } from 'node:fs';
import { writeFileAtomic } from '../atomic-write';
import { run } from '../exec';
import { launchdLabel, serviceFilePath } from '../service-unit';
import { mustRun, previousFile, rollBackInstall, type ManagerOptions, type ServiceManager } from './manager';

/** launchd user agents (`launchctl` in the gui/<uid> domain); logs go to the plist's log file. */
export function launchdManager({ home, name, foreground, logFile }: ManagerOptions & { logFile: string }): ServiceManager {
  const file = serviceFilePath(home, name, 'darwin');
  const domain = `gui/${process.getuid?.() ?? 501}`;
  const target = `${domain}/${launchdLabel(name)}`;
  const ctl = (...args: string[]) => mustRun(['launchctl', ...args], foreground);
  const print = () => run(['launchctl', 'print', target], { timeoutMs: 30_000 }).catch(() => null);
  const loaded = async () => (await print())?.exitCode === 0;
  return {
    kind: 'launchd',
    file,
    async install(content) {
      if (await loaded()) await ctl('bootout', target);
      const previous = previousFile(file);
      writeFileAtomic(file, content);
      try {
        await ctl('bootstrap', domain, file);
      } catch (error) {
        throw rollBackInstall(error, file, previous);
      }
      return [`wrote ${file}`, `loaded ${target} (starts at login)`];
    },
    async uninstall() {
      const lines: string[] = [];
      try {
        if (await loaded()) {
          await ctl('bootout', target);
          lines.push(`unloaded ${target}`);
        }
      } catch (error) {
        lines.push(`could not unload ${target} (${(error as Error).message}); removing its file anyway`);
      }
      if (!existsSync(file)) return [...lines, `${file} does not exist; nothing to remove`];
      unlinkSync(file);
      return [...lines, `removed ${file}`];
    },
    async start() {
      if (!(await loaded())) await ctl('bootstrap', domain, file);
      await ctl('kickstart', target);
    },
    stop: async () => { await ctl('bootout', target); },
    async restart() {
      if (!(await loaded())) await ctl('bootstrap', domain, file);
      await ctl('kickstart', '-k', target);
    },
    reload: async () => { await ctl('kill', 'SIGUSR1', target); },
    async state() {
      const result = await print();
      const out = result?.exitCode === 0 ? result.stdout : '';
      const state = /^\s*state = (.+)$/m.exec(out)?.[1]?.trim();
      const pid = Number(/^\s*pid = (\d+)$/m.exec(out)?.[1]);
      return { installed: existsSync(file), active: state === 'running', detail: state ?? 'not loaded', pid: Number.isInteger(pid) && pid > 0 ? pid : null };
    },
    logsArgv: (follow, lines) => ['tail', '-n', String(lines), ...(follow ? ['-f'] : []), logFile],
  };
}
