/** User-service definitions shared by the proxy and the gateway (systemd --user and launchd). */
export interface ServiceSpec {
  /** Short name, e.g. `modelproxy`; the launchd label becomes `com.devhub.<name>`. */
  name: string;
  description: string;
  /** Absolute argv of the long-running command. */
  argv: string[];
  env?: Record<string, string>;
  workingDirectory?: string;
  /** Log file for launchd's stdout/stderr (systemd uses the journal). */
  logFile?: string;
  /** Signal systemd's ExecReload sends (default USR1); null for a program that has no reload, whose default action on USR1 would be to exit. */
  reloadSignal?: string | null;
}

export const launchdLabel = (name: string) => `com.devhub.${name}`;

export function systemdUnit(spec: ServiceSpec): string {
  const lines = [
    '[Unit]',
    `Description=${spec.description}`,
    'After=network-online.target',
    '',
    '[Service]',
    'Type=simple',
    `ExecStart=${spec.argv.map(systemdQuote).join(' ')}`,
    ...(spec.workingDirectory ? [`WorkingDirectory=${spec.workingDirectory}`] : []),
    ...Object.entries(spec.env ?? {}).map(([k, v]) => `Environment=${systemdQuote(`${k}=${v}`)}`),
    'Restart=on-failure',
    'RestartSec=3',
    ...(spec.reloadSignal === null ? [] : [`ExecReload=/bin/kill -${spec.reloadSignal ?? 'USR1'} $MAINPID`]),
    '',
    '[Install]',
    'WantedBy=default.target',
    '',
  ];
  return lines.join('\n');
}

export function launchdPlist(spec: ServiceSpec): string {
  const env = Object.entries(spec.env ?? {});
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    '<dict>',
    `  <key>Label</key><string>${xml(launchdLabel(spec.name))}</string>`,
    '  <key>ProgramArguments</key>',
    '  <array>',
    ...spec.argv.map((a) => `    <string>${xml(a)}</string>`),
    '  </array>',
    ...(env.length
      ? ['  <key>EnvironmentVariables</key>', '  <dict>', ...env.map(([k, v]) => `    <key>${xml(k)}</key><string>${xml(v)}</string>`), '  </dict>']
      : []),
    ...(spec.workingDirectory ? [`  <key>WorkingDirectory</key><string>${xml(spec.workingDirectory)}</string>`] : []),
    '  <key>RunAtLoad</key><true/>',
    '  <key>KeepAlive</key><dict><key>SuccessfulExit</key><false/></dict>',
    ...(spec.logFile
      ? [`  <key>StandardOutPath</key><string>${xml(spec.logFile)}</string>`, `  <key>StandardErrorPath</key><string>${xml(spec.logFile)}</string>`]
      : []),
    '</dict>',
    '</plist>',
    '',
  ];
  return lines.join('\n');
}

/** Where each platform expects the file, relative to the home directory. */
export function serviceFilePath(home: string, name: string, platform: NodeJS.Platform = process.platform): string {
  return platform === 'darwin'
    ? `${home}/Library/LaunchAgents/${launchdLabel(name)}.plist`
    : `${home}/.config/systemd/user/${name}.service`;
}

function systemdQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `"${word.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/%/g, '%%')}"`;
}

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
