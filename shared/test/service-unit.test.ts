import { describe, expect, it } from 'bun:test';
import { launchdLabel, launchdPlist, serviceFilePath, systemdUnit } from '../src';

const spec = {
  name: 'modelproxy',
  description: 'modelproxy local model proxy',
  argv: ['/opt/my tools/modelproxy', 'serve', '--port', '8765'],
  env: { MODELPROXY_DIR: '/home/u/.modelproxy' },
  logFile: '/home/u/.modelproxy/service.log',
};

describe('systemd user unit', () => {
  const unit = systemdUnit(spec);
  it('has the three sections and a quoted ExecStart', () => {
    expect(unit).toContain('[Unit]\nDescription=modelproxy local model proxy');
    expect(unit).toContain('ExecStart="/opt/my tools/modelproxy" serve --port 8765');
    expect(unit).toContain('Environment=MODELPROXY_DIR=/home/u/.modelproxy');
    expect(unit).toContain('Restart=on-failure');
    expect(unit).toContain('[Install]\nWantedBy=default.target');
  });
  it('reloads with SIGUSR1', () => {
    expect(unit).toContain('ExecReload=/bin/kill -USR1 $MAINPID');
  });
  it('sends another reload signal, or none for a program without reload (USR1 would end it)', () => {
    expect(systemdUnit({ ...spec, reloadSignal: 'HUP' })).toContain('ExecReload=/bin/kill -HUP $MAINPID');
    expect(systemdUnit({ ...spec, reloadSignal: null })).not.toContain('ExecReload');
  });
});

describe('launchd plist', () => {
  const plist = launchdPlist({ ...spec, argv: ['/usr/local/bin/modelproxy', 'serve', '--note', 'a&b<c>'] });
  it('is a well-formed plist with label, escaped arguments and environment', () => {
    expect(plist.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(plist).toContain(`<key>Label</key><string>${launchdLabel('modelproxy')}</string>`);
    expect(plist).toContain('<string>a&amp;b&lt;c&gt;</string>');
    expect(plist).toContain('<key>MODELPROXY_DIR</key><string>/home/u/.modelproxy</string>');
    expect(plist).toContain('<key>RunAtLoad</key><true/>');
    expect(plist.match(/<dict>/g)?.length).toBe(plist.match(/<\/dict>/g)?.length);
  });
  it('lives where each platform looks for it', () => {
    expect(serviceFilePath('/home/u', 'agentgw', 'linux')).toBe('/home/u/.config/systemd/user/agentgw.service');
    expect(serviceFilePath('/Users/u', 'agentgw', 'darwin')).toBe('/Users/u/Library/LaunchAgents/com.devhub.agentgw.plist');
  });
});
