import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, teardown, testEnv, waitFor } from '../helpers/gateway';

// tmux expands `#(…)` in window names and start directories; these names must reach it as text.
const env = testEnv('tmux-format');
let t: Awaited<ReturnType<typeof startTestApp>>;
const marks = () => [join(env.dir, 'INJ'), join(env.dir, 'INJ2'), join(env.dir, 'INJ3'), join(process.cwd(), 'INJ')];

beforeAll(async () => {
  t = await startTestApp(env.config());
});
afterAll(() => teardown(() => t?.gateway.stop(), env.cleanup));

describe('tmux format injection', () => {
  it('a folder and a window name holding #(…) run nothing and are kept literally', async () => {
    const folder = join(env.dir, '#(touch INJ)');
    const homeFolder = join(env.dir, '#(cd;touch INJ2)');
    mkdirSync(folder);
    mkdirSync(homeFolder);
    const byFolder = await t.call('POST', '/api/v1/sessions', { channel_id: 'inj:folder', provider: 'shell', work_dir: folder });
    expect(byFolder).toMatchObject({ status: 200, body: { cwd: folder, display_name: '#(touch INJ)' } });
    const byHome = await t.call('POST', '/api/v1/sessions', { channel_id: 'inj:home', provider: 'shell', work_dir: homeFolder });
    expect(byHome).toMatchObject({ status: 200, body: { display_name: '#(cd;touch INJ2)' } });
    const byName = await t.call('POST', '/api/v1/sessions', { channel_id: 'inj:name', provider: 'shell', work_dir: env.dir, name: '#(cd;touch INJ3) #{pane_pid}' });
    expect(byName).toMatchObject({ status: 200, body: { display_name: '#(cd;touch INJ3) #{pane_pid}' } });

    // The shell really starts in the folder: `pwd` in the pane prints its path.
    await t.call('POST', '/api/v1/sessions/inj:folder/input', { text: 'pwd' });
    await waitFor(async () => ((await t.call('GET', '/api/v1/sessions/inj:folder/pane')).body.content as string).includes(folder), 'pwd shows the folder');
    const listed = (await t.call('GET', '/api/v1/sessions')).body.sessions as Array<{ display_name: string; cwd: string }>;
    expect(listed.map((s) => s.display_name)).toEqual(expect.arrayContaining(['#(touch INJ)', '#(cd;touch INJ2)', '#(cd;touch INJ3) #{pane_pid}']));
    expect(listed.find((s) => s.display_name === '#(touch INJ)')?.cwd).toBe(folder);
    // A format job would have run by now (tmux starts them at once); give it a status poll more.
    await Bun.sleep(1500);
    for (const mark of marks()) expect(existsSync(mark)).toBe(false);
  });
});
