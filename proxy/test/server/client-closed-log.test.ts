import { createLogger } from '@devhub/shared';
import { describe, expect, it } from 'bun:test';
import { errorResponse } from '../../src/modules/errors/respond';
import { RouteTable } from '../../src/modules/errors/route-table';
import { ProxyError } from '../../src/upstream/errors';

/** A logger whose lines are kept: [level, text]. */
function recordingLogger() {
  const lines: [string, string][] = [];
  const log = createLogger('client-closed-test');
  for (const level of ['info', 'warn', 'error'] as const) log[level] = ((text: string) => { lines.push([level, text]); }) as never;
  return { log, lines };
}

const routes = new RouteTable(() => [{ method: 'POST', path: '/v1/messages' }]);
const failure = () => new ProxyError('upstream_unreachable', 502, 'no key of provider "slow" reached the upstream (1 attempt(s)); last error: client disconnected');

describe('the log line of a request whose client gave up', () => {
  it('says the client closed it (499), not that the proxy rejected it with a 502 nobody received', () => {
    const { log, lines } = recordingLogger();
    const gone = new AbortController();
    gone.abort();
    errorResponse(undefined, failure(), new Request('http://127.0.0.1/v1/messages', { method: 'POST', signal: gone.signal }), log, routes);
    expect(lines).toEqual([['info', 'client closed POST /v1/messages before an answer (499): no key of provider "slow" reached the upstream (1 attempt(s)); last error: client disconnected']]);
  });

  it('a client still waiting gets the error and a warning line', () => {
    const { log, lines } = recordingLogger();
    const res = errorResponse(undefined, failure(), new Request('http://127.0.0.1/v1/messages', { method: 'POST' }), log, routes);
    expect(res.status).toBe(502);
    expect(lines.map(([level, text]) => [level, text.split(':')[0]])).toEqual([['warn', 'rejected POST /v1/messages']]);
  });
});
