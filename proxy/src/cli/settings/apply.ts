import { defineCommand } from 'citty';
import { addressArgs, print } from '../_args';
import { loadContext } from '../_context';
import { claudeSettingsPath, readSettings, writeSettingsEnv } from './file';
import { desiredEnv, envChanges, showValue } from './managed';

/** Points the assistant at the proxy: only managed env keys change, everything else is kept. */
export default defineCommand({
  meta: { name: 'apply', description: 'Point the assistant at the proxy (writes only the managed env keys, with a backup)' },
  args: {
    ...addressArgs,
    'keep-models': { type: 'boolean', description: 'Leave model env keys (ANTHROPIC_MODEL, …) alone', default: false },
    'dry-run': { type: 'boolean', description: 'Print the changes without writing', default: false },
  },
  run({ args }) {
    const { config } = loadContext();
    const file = readSettings(claudeSettingsPath());
    const changes = envChanges(file.env, desiredEnv(config, args['keep-models'], args));
    if (changes.length === 0) return print(`${file.path} already points at the proxy; nothing to change`);
    const lines = changes.map((c) => `  ${c.key}: ${showValue(c.key, c.from)} → ${showValue(c.key, c.to)}`);
    if (args['dry-run']) return print([`would change ${file.path}:`, ...lines]);
    const env: Record<string, string> = { ...file.env };
    for (const c of changes) {
      if (c.to === null) delete env[c.key];
      else env[c.key] = c.to;
    }
    writeSettingsEnv(file, env);
    print([`updated ${file.path}${file.exists ? ` (previous file: ${file.path}.bak)` : ''}:`, ...lines, 'new assistant sessions use the proxy']);
  },
});
