import { defineCommand } from 'citty';

export default defineCommand({
  meta: { name: 'settings', description: "Bridge config.yaml and the assistant's settings.json (~/.claude, CLAUDE_CONFIG_DIR honoured)" },
  subCommands: {
    show: () => import('./show').then((m) => m.default),
    apply: () => import('./apply').then((m) => m.default),
    import: () => import('./import').then((m) => m.default),
    remove: () => import('./remove').then((m) => m.default),
  },
});
