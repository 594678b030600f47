import { defineCommand } from 'citty';

export default defineCommand({
  meta: { name: 'service', description: 'Run the server as a user service (systemd user unit on Linux, launchd agent on macOS)' },
  subCommands: {
    install: () => import('./install').then((m) => m.default),
    uninstall: () => import('./uninstall').then((m) => m.default),
    start: () => import('./start').then((m) => m.default),
    stop: () => import('./stop').then((m) => m.default),
    restart: () => import('./restart').then((m) => m.default),
    status: () => import('./status').then((m) => m.default),
  },
});
