import { defineCommand } from 'citty';

export default defineCommand({
  meta: { name: 'sync', description: 'Encrypted sync of config.yaml through a WebDAV-style server (AES-256-GCM, scrypt)' },
  subCommands: {
    setup: () => import('./setup').then((m) => m.default),
    push: () => import('./push').then((m) => m.default),
    pull: () => import('./pull').then((m) => m.default),
    status: () => import('./status').then((m) => m.default),
  },
});
