import { defineCommand } from 'citty';

export default defineCommand({
  meta: { name: 'server', description: 'Start, stop and inspect the API server' },
  subCommands: {
    start: () => import('./start').then((m) => m.default),
    stop: () => import('./stop').then((m) => m.default),
    status: () => import('./status').then((m) => m.default),
  },
});
