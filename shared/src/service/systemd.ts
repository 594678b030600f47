import { existsSync, unlinkSync } from 'node:fs';
import { writeFileAtomic } from '../atomic-write';
import { run } from '../exec';
import { serviceFilePath } from '../service-unit';
import { mustRun, type ManagerOptions, type ServiceManager } from './manager';

/** Containers and SSH sessions often have systemctl but no user bus. */
const NO_SESSION = { pattern: /Failed to connect to bus|No medium found|DBUS_SESSION_BUS_ADDRESS|XDG_RUNTIME_DIR/i, why: 'no systemd user session is available here' };

/** systemd user units (`systemctl --user`); logs go to the journal. */
export function systemdManager({ home, name, foreground }: ManagerOptions): ServiceManager {
  const file = serviceFilePath(home, name, 'linux');
  const unit = `${name}.service`;
  const ctl = (...args: string[]) => mustRun(['systemctl', '--user', ...args], foreground, NO_SESSION);
  return {
    kind: 'systemd',
    file,
    async install(content) {
      writeFileAtomic(file, content);
      await ctl('daemon-reload');
      await ctl('enable', '--now', unit);
      return [`wrote ${file}`, `enabled and started ${unit}`];
    },
    async uninstall() {
      if (!existsSync(file)) return [`${file} does not exist; nothing to remove`];
      await ctl('disable', '--now', unit);
      unlinkSync(file);
      await ctl('daemon-reload');
      return [`stopped and disabled ${unit}`, `removed ${file}`];
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
