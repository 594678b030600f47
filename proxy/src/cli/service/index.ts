import { defineCommand } from 'citty';
import { print } from '../_args';
import { loadContext } from '../_context';
import { detectManager } from './detect';
import type { ServiceManager } from './manager';

/** start/stop/restart share one shape: detect the manager, call one verb, say what happened. */
const action = (name: 'start' | 'stop' | 'restart', description: string, done: string) =>
  defineCommand({
    meta: { name, description },
    async run() {
      const manager = detectManager(loadContext().dir);
      await (manager[name] as ServiceManager['start'])();
      print(`${done} (${manager.kind})`);
    },
  });

export default defineCommand({
  meta: { name: 'service', description: 'Manage the user-level service (systemd user unit on Linux, launchd agent on macOS)' },
  subCommands: {
    install: () => import('./install').then((m) => m.default),
    uninstall: () => import('./uninstall').then((m) => m.default),
    start: action('start', 'Start the service', 'started'),
    stop: action('stop', 'Stop the service', 'stopped'),
    restart: action('restart', 'Restart the service', 'restarted'),
    reload: () => import('./reload').then((m) => m.default),
    status: () => import('./status').then((m) => m.default),
    logs: () => import('./logs').then((m) => m.default),
  },
});
