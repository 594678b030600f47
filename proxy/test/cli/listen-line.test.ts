import { describe, expect, it } from 'bun:test';
import { listeningText } from '../../src/cli/serve';

describe('the listen line of serve', () => {
  it('prints the address it is bound to: a wildcard host is every interface, not 127.0.0.1', () => {
    expect(listeningText('0.0.0.0', 8765)).toBe('listening on http://0.0.0.0:8765 (every interface; this machine: http://127.0.0.1:8765)');
    expect(listeningText('::', 8765)).toBe('listening on http://[::]:8765 (every interface; this machine: http://127.0.0.1:8765)');
    expect(listeningText('192.168.1.20', 9000)).toBe('listening on http://192.168.1.20:9000');
    expect(listeningText('127.0.0.1', 8765)).toBe('listening on http://127.0.0.1:8765');
  });
});
