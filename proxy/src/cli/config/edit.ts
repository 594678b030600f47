import { writeFileAtomic } from '@devhub/shared';
import { defineCommand } from 'citty';
import { copyFileSync, existsSync, readFileSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { configPath, ensureProxyStateDir, writeDefaultConfig } from '../../config';
import { print, printErr } from '../_args';
import { CommandFailed } from '../_errors';
import { checkConfigText, describeConfig } from './check';

/**
 * Edits a copy, validates it, and only then replaces config.yaml (atomically, with a `.bak`), so a
 * typo never reaches a running proxy. An invalid edit is kept as a draft and reopened next time.
 * The current file need not be valid: fixing a broken config is what this command is for.
 */
export default defineCommand({
  meta: { name: 'edit', description: 'Open config.yaml in $VISUAL/$EDITOR; saved only when valid' },
  async run() {
    const path = configPath(ensureProxyStateDir());
    writeDefaultConfig(path);
    const draft = join(dirname(path), '.config.edit.yaml');
    if (existsSync(draft)) printErr(`continuing the unsaved edit in ${draft}`);
    else copyFileSync(path, draft);
    const editor = (process.env.VISUAL || process.env.EDITOR || 'vi').split(/\s+/).filter(Boolean);
    // The editor needs the terminal, so it cannot run through run() (which captures output).
    const proc = Bun.spawn([...editor, draft], { stdio: ['inherit', 'inherit', 'inherit'] });
    const code = await proc.exited;
    if (code !== 0) throw new CommandFailed(`${editor[0]} exited with ${code}; config.yaml unchanged (draft: ${draft})`);
    const text = readFileSync(draft, 'utf8');
    if (text === readFileSync(path, 'utf8')) {
      unlinkSync(draft);
      return print('no changes');
    }
    const { config } = checkConfigText(text, draft);
    writeFileAtomic(path, text, { mode: 0o600, backup: true });
    unlinkSync(draft);
    print([`saved ${path}: ${describeConfig(config)}`, 'a running proxy picks it up with: modelproxy service reload']);
  },
});
