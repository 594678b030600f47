import { afterAll, describe, expect, it } from 'bun:test';
import { cli, sandbox } from './helpers';

const box = sandbox('mp-help-');
afterAll(() => box[Symbol.dispose]());
const COMMANDS = [[], ['serve'], ['usage'], ['status'], ['doctor'], ['config'], ['config', 'edit'], ['settings'], ['settings', 'apply'], ['service'], ['service', 'logs'], ['sync', 'setup'], ['update'], ['logs']];

describe('--help', () => {
  it('is plain text in a pipe and names nested commands with the program name', async () => {
    const env = { ...box.env, NO_COLOR: undefined };
    for (const args of COMMANDS) {
      const r = await cli([...args, '--help'], env);
      expect({ args, code: r.code }).toEqual({ args, code: 0 });
      expect(r.stdout).not.toContain('\x1b[');
      expect(r.stdout).toContain(`USAGE modelproxy ${args.join(' ')}`.trimEnd());
    }
  }, 60_000);

  it('keeps colour when FORCE_COLOR asks for it', async () => {
    // citty never colours under CI or TEST, whatever FORCE_COLOR says; this is about a user's terminal.
    const r = await cli(['settings', 'apply', '--help'], { ...box.env, NO_COLOR: undefined, CI: undefined, TEST: undefined, FORCE_COLOR: '1' });
    expect(r.stdout).toContain('\x1b[');
  });
});
