import { afterAll, describe, expect, it } from 'bun:test';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { configFileExposure } from '../../src/config';

const temp = useTempDirs(afterAll);

/** A config.yaml with `text`, at `mode` (set after writing: the umask would narrow it). */
function configFile(text: string, mode: number): string {
  const path = join(temp.make('gw-exposure-'), 'config.yaml');
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
}

describe('a config.yaml others can read', () => {
  it('is named, with what it holds and the fix, when it holds a secret', () => {
    const path = configFile('api_key: k-0123456789\nbridge:\n  telegram:\n    enabled: true\n    bot_token: "123:abc"\n', 0o644);
    expect(configFileExposure(path)).toBe(`${path} is readable by every user of this machine (mode 644) and holds api_key, bridge.telegram.bot_token; run: chmod 600 ${path}`);
    const group = configFile('bridge:\n  feishu:\n    app_secret: s3cret\nnotify:\n  webhooks:\n    - url: https://hooks.example/T01/B02/xyz\n', 0o640);
    expect(configFileExposure(group)).toBe(`${group} is readable by its group (mode 640) and holds bridge.feishu.app_secret, notify.webhooks; run: chmod 600 ${group}`);
  });

  it('says nothing when only its owner can read it, or it holds no secret', () => {
    expect(configFileExposure(configFile('api_key: k-0123456789\n', 0o600))).toBeNull();
    expect(configFileExposure(configFile('api_port: 8900\napi_key: ""\n', 0o644))).toBeNull();
    expect(configFileExposure(join(temp.make('gw-exposure-'), 'missing.yaml'))).toBeNull();
  });
});
