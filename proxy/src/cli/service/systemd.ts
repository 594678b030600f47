import { run, serviceFilePath, writeFileAtomic } from '@devhub/shared';
import { existsSync, unlinkSync } from 'node:fs';
import { mustRun, type ServiceManager } from './manager';
import { SERVICE_NAME } from './spec';

const UNIT = `${SERVICE_NAME}.service`;

/** Containers and SSH sessions often have systemctl but no user bus. */
const NO_SESSION = { pattern: /Failed to connect to bus|No medium found|DBUS_SESSION_BUS_ADDRESS|XDG_RUNTIME_DIR/i, why: 'no systemd user session is available here' };

/** systemd user units (`systemctl --user`); logs go to the journal. */
export function systemdManager(home: string): ServiceManager {
  const file = serviceFilePath(home, SERVICE_NAME, 'linux');
  const ctl = (...args: string[]) => mustRun(['systemctl', '--user', ...args], NO_SESSION);
  return {
    kind: 'systemd',
    file,
    async install(content) {
      writeFileAtomic(file, content);
      await ctl('daemon-reload');
      await ctl('enable', '--now', UNIT);
      return [`wrote ${file}`, `enabled and started ${UNIT}`];
    },
    async uninstall() {
      if (!existsSync(file)) return [`${file} does not exist; nothing to remove`];
      await ctl('disable', '--now', UNIT);
      unlinkSync(file);
      await ctl('daemon-reload');
      return [`stopped and disabled ${UNIT}`, `removed ${file}`];
    },
    start: async () => { await ctl('start', UNIT); },
    stop: async () => { await ctl('stop', UNIT); },
    restart: async () => { await ctl('restart', UNIT); },
    // ExecReload in the unit sends SIGUSR1, the proxy's reload signal.
    reload: async () => { await ctl('reload', UNIT); },
    async state() {
      const installed = existsSync(file);
      const result = await run(['systemctl', '--user', 'show', UNIT, '--property=ActiveState,SubState,MainPID'], { timeoutMs: 30_000 }).catch(() => null);
      const props = Object.fromEntries((result?.stdout ?? '').split('\n').filter((l) => l.includes('=')).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1).trim()]));
      const active = props.ActiveState === 'active';
      const pid = Number(props.MainPID);
      return {
        installed,
        active,
        detail: props.ActiveState ? `${props.ActiveState}${props.SubState ? ` (${props.SubState})` : ''}` : 'unknown',
        pid: Number.isInteger(pid) && pid > 0 ? pid : null,
      };
    },
    logsArgv: (follow, lines) => ['journalctl', '--user', '-u', UNIT, '-n', String(lines), '--no-pager', ...(follow ? ['-f'] : [])],
  };
}
