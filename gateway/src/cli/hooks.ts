import { defineCommand } from 'citty';
import { ExitStatus, isAppError } from '@devhub/shared';
import { homedir } from 'node:os';
import { join } from 'node:path';
import {
  GEMINI_HOOK_EVENTS, HOOK_EVENTS, claudeSettingsPath, codexConfigPath, codexNotifyLine, codexNotifyStatus, hookCommand, hookStatus, installCodexNotify,
  installGeminiHooks, installHooks, readSettings, uninstallCodexNotify, uninstallHooks, writeSettings,
} from '../hooks';
import { cliContext, selfArgv } from './_context';

const settingsArg = {
  settings: { type: 'string', description: 'Settings file (default <agent_a_config_dir | $CLAUDE_CONFIG_DIR | ~/.claude>/settings.json; with --gemini ~/.gemini/settings.json)' },
  gemini: { type: 'boolean', default: false, description: "The Gemini CLI's hooks (SessionStart, SessionEnd, Notification, AfterAgent) instead of Claude Code's" },
  codex: { type: 'boolean', default: false, description: "Codex's notify program (a finished turn as Stop) in $CODEX_HOME/config.toml (default ~/.codex/config.toml) instead" },
} as const;

function settingsPath(explicit: string | undefined, gemini = false, codex = false): string {
  if (explicit) return explicit;
  if (codex) return codexConfigPath();
  if (gemini) return join(process.env.HOME || homedir(), '.gemini', 'settings.json');
  return claudeSettingsPath(cliContext().config.agent_a_config_dir);
}

/** Runs a subcommand body; a settings file we refuse to touch exits 2 with the reason. */
function guarded(fn: () => number): void {
  let code: number;
  try {
    code = fn();
  } catch (error) {
    if (!isAppError(error)) throw error;
    throw new ExitStatus(2, error.message);
  }
  if (code !== 0) throw new ExitStatus(code);
}

const install = defineCommand({
  meta: { name: 'install', description: 'Add `agentgw hook` for all nine events to the assistant settings (merging)' },
  args: settingsArg,
  run({ args }) {
    guarded(() => {
      const path = settingsPath(args.settings, args.gemini, args.codex);
      if (args.codex) {
        const changed = installCodexNotify(path, codexNotifyLine(selfArgv(), process.env.GW_DIR?.trim() || undefined));
        process.stdout.write(changed ? `installed the notify program in ${path}\n` : `notify already installed in ${path}\n`);
        return 0;
      }
      // GW_DIR is written into the command only when set, so the hook finds a non-default state dir.
      const command = hookCommand(selfArgv(), process.env.GW_DIR?.trim() || undefined);
      const { settings, changed } = (args.gemini ? installGeminiHooks : installHooks)(readSettings(path), command, path);
      if (changed.length > 0) writeSettings(path, settings);
      process.stdout.write(changed.length > 0 ? `installed hooks for ${changed.join(', ')} in ${path}\n` : `hooks already installed in ${path}\n`);
      return 0;
    });
  },
});

const uninstall = defineCommand({
  meta: { name: 'uninstall', description: 'Remove the agentgw hooks, leaving every other hook and setting' },
  args: settingsArg,
  run({ args }) {
    guarded(() => {
      const path = settingsPath(args.settings, args.gemini, args.codex);
      if (args.codex) {
        process.stdout.write(uninstallCodexNotify(path) ? `removed the notify program from ${path}\n` : `no agentgw notify in ${path}\n`);
        return 0;
      }
      const { settings, changed } = uninstallHooks(readSettings(path), path);
      if (changed.length > 0) writeSettings(path, settings);
      process.stdout.write(changed.length > 0 ? `removed hooks for ${changed.join(', ')} from ${path}\n` : `no agentgw hooks in ${path}\n`);
      return 0;
    });
  },
});

const status = defineCommand({
  meta: { name: 'status', description: 'Show which events have the agentgw hook; exit 1 unless all are (nine; four with --gemini; the notify program with --codex)' },
  args: { ...settingsArg, json: { type: 'boolean', default: false, description: 'Print JSON' } },
  run({ args }) {
    guarded(() => {
      const path = settingsPath(args.settings, args.gemini, args.codex);
      if (args.codex) {
        const line = codexNotifyStatus(path);
        if (args.json) process.stdout.write(`${JSON.stringify({ settings: path, installed: line ? 1 : 0, events: { Stop: line } }, null, 2)}\n`);
        else process.stdout.write(`Codex notify in ${path}: ${line ? 'installed' : 'missing'}\n`);
        return line ? 0 : 1;
      }
      const events: readonly string[] = args.gemini ? Object.keys(GEMINI_HOOK_EVENTS) : HOOK_EVENTS;
      const state = hookStatus(readSettings(path), path, events);
      const installed = events.filter((e) => state[e] !== null).length;
      if (args.json) process.stdout.write(`${JSON.stringify({ settings: path, installed, events: state }, null, 2)}\n`);
      else {
        process.stdout.write(`Hooks in ${path}: ${installed}/${events.length} installed\n`);
        for (const event of events) process.stdout.write(`  ${event.padEnd(14)} ${state[event] ? 'installed' : 'missing'}\n`);
      }
      return installed === events.length ? 0 : 1;
    });
  },
});

export default defineCommand({
  meta: { name: 'hooks', description: 'Install, remove or inspect the assistant hooks' },
  subCommands: { install, uninstall, status },
});
