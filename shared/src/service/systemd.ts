import { existsSync, rmSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { writeFileAtomic } from '../atomic-write';
import { run } from '../exec';
import { serviceFilePath } from '../service-unit';
import { mustRun, previousFile, rollBackInstall, type ManagerOptions, type ServiceManager } from './manager';

/** Containers and SSH sessions often have systemctl but no user bus. */
const NO_SESSION = { pattern: /Failed to connect to bus|No medium found|DBUS_SESSION_BUS_ADDRESS|XDG_RUNTIME_DIR/i, why: 'no systemd user session is available here' };

/** systemd user units (`systemctl --user`); logs go to the journal. */
export function systemdManager({ home, name, foreground }: ManagerOptions): ServiceManager {
  const file = serviceFilePath(home, name, 'linux');
  const unit = `${name}.service`;
  const ctl = (...args: string[]) => mustRun(['systemctl', '--user', ...args], foreground, NO_SESSION);
  /** Clean-up calls whose failure must not hide the error being reported. */
  const quietly = (args: string[]) => run(['systemctl', '--user', ...args], { timeoutMs: 30_000 }).catch(() => null);
  /** The link `enable` makes (WantedBy=default.target). */
  const wants = join(dirname(file), 'default.target.wants', basename(file));
  return {
    kind: 'systemd',
    file,
    async install(content) {
      const previous = previousFile(file);
      writeFileAtomic(file, content);
      try {
        await ctl('daemon-reload');
        await ctl('enable', '--now', unit);
      } catch (error) {
        // `enable --now` may have enabled the unit before the start failed.
        await quietly(['disable', unit]);
        rmSync(wants, { force: true });
        const undone = rollBackInstall(error, file, previous);
        await quietly(['daemon-reload']);
        throw undone;
      }
      return [`wrote ${file}`, `enabled and started ${unit}`];
    },
    async uninstall() {
      if (!existsSync(file)) return [`${file} does not exist; nothing to remove`];
      const lines: string[] = [];
      try {
        await ctl('disable', '--now', unit);
        lines.push(`stopped and disabled ${unit}`);
      } catch (error) {
        // Without a user session systemctl cannot disable it; the file (and the link that enables it) go anyway.
        rmSync(wants, { force: true });
        lines.push(`could not stop and disable ${unit} (${(error as Error).message}); removing its files anyway`);
      }
      unlinkSync(file);
      await quietly(['daemon-reload']);
      return [...lines, `removed ${file}`];
    },
    start: async () => { await ctl('start', unit); },
    stop: async () => { await ctl('stop', unit); },
    restart: async () => { await ctl('restart', unit); },
    // ExecReload in the generated unit sends SIGUSR1.
    reload: async () => { await ctl('reload', unit); },
    async state() {
      const installed = existsSync(file);
      const result = await run(['systemctl', '--user', 'show', unit, '--property=ActiveState,SubState,MainPID'], { timeoutMs: 30_000 }).catch(() => null);
      const props = parseProperties(result?.stdout ?? '');
      const pid = Number(props.MainPID);
      return {
        installed,
        active: props.ActiveState === 'active',
        detail: props.ActiveState ? `${props.ActiveState}${props.SubState ? ` (${props.SubState})` : ''}` : 'unknown',
        pid: Number.isInteger(pid) && pid > 0 ? pid : null,
      };
    },
    logsArgv: (follow, lines) => ['journalctl', '--user', '-u', unit, '-n', String(lines), '--no-pager', ...(follow ? ['-f'] : [])],
  };
}

/** `systemctl show` prints `Key=value` lines. */
function parseProperties(text: string): Record<string, string> {
  const lines = text.split('\n').filter((l) => l.includes('='));
  return Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1).trim()]));
}
