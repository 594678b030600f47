import { describe, expect, it } from 'bun:test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CONFIG_YAML } from '../../src/config';
import { cli, sandbox } from './helpers';

describe('modelproxy stats on a requests.db that is not a database', () => {
  it('says so in one line and exits 1, leaving the file as it was', async () => {
    using box = sandbox('mp-stats-db-');
    box.writeConfig(DEFAULT_CONFIG_YAML);
    const db = join(box.dir, 'requests.db');
    const garbage = Buffer.from('this is not SQLite\n'.repeat(300));
    writeFileSync(db, garbage);
    for (const args of [['stats'], ['stats', '--json', '--by', 'key']]) {
      const r = await cli(args, box.env);
      expect({ code: r.code, stdout: r.stdout, stderr: r.stderr.trim() }).toEqual({ code: 1, stdout: '', stderr: `error: cannot read ${db}: file is not a database` });
    }
    expect(readFileSync(db).equals(garbage)).toBe(true);
  });
});
