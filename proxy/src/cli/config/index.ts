import { defineCommand } from 'citty';

export default defineCommand({
  meta: { name: 'config', description: 'Show, check, edit and migrate config.yaml' },
  subCommands: {
    path: () => import('./path').then((m) => m.default),
    show: () => import('./show').then((m) => m.default),
    validate: () => import('./validate').then((m) => m.default),
    edit: () => import('./edit').then((m) => m.default),
    migrate: () => import('./migrate').then((m) => m.default),
  },
});
