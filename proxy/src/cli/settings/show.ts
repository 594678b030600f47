import { defineCommand } from 'citty';
import { addressArgs, print } from '../_args';
import { loadContext } from '../_context';
import { claudeSettingsPath, readSettings } from './file';
import { describeStatusLine } from './statusline-command';
import { desiredEnv, envChanges, MANAGED_KEYS, pointsHere, proxyUrl, showValue } from './managed';

export default defineCommand({
  meta: { name: 'show', description: 'Show the managed env keys of settings.json and what apply would change' },
  args: { ...addressArgs, 'keep-models': { type: 'boolean', description: 'Leave model env keys alone', default: false } },
  run({ args }) {
    const { config } = loadContext();
    const file = readSettings(claudeSettingsPath());
    const changes = envChanges(file.env, desiredEnv(config, args['keep-models'], args));
    print([
      `${file.path}${file.exists ? '' : ' (does not exist yet)'}`,
      `points at the proxy (${proxyUrl(config, args)}): ${pointsHere(file.env, config, args) ? 'yes' : 'no'}`,
      '',
      ...MANAGED_KEYS.filter((k) => k in file.env).map((k) => `  ${k}=${showValue(k, file.env[k])}`),
      ...(MANAGED_KEYS.some((k) => k in file.env) ? [] : ['  (no managed env keys set)']),
      `  statusLine: ${describeStatusLine(file.data.statusLine)}`,
      '',
      changes.length === 0 ? 'apply would change nothing' : 'apply would change:',
      ...changes.map((c) => `  ${c.key}: ${showValue(c.key, c.from)} → ${showValue(c.key, c.to)}`),
    ]);
  },
});
