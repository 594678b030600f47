import { afterAll, describe, expect, it } from 'bun:test';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv } from '../helpers/gateway';

const first = testEnv('port-a');
const second = testEnv('port-b');
let running: RunningServer | undefined;
afterAll(() => teardown(() => running?.stop(), first.cleanup, second.cleanup));

describe('listening', () => {
  it('refuses a port another gateway already listens on (no shared port, no split traffic)', async () => {
    running = await startTestServer(first.config());
    await expect(startTestServer(second.config({ api_port: running.port }))).rejects.toThrow(/port .*in use|EADDRINUSE/i);
    // The first one still answers alone.
    expect(await (await fetch(`${running.url}/health`)).json()).toEqual({ status: 'ok' });
  });
});
