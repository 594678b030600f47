import { AppError, expandHome } from '@devhub/shared';
import { resolve } from 'node:path';
import { normalizeProvider } from '../config';
import { closeSession, listSessions, onWindow, sendKey } from '../modules/sessions/service';
import type { GatewayContext } from '../runtime/types';
import { folderPickerCard } from './folder-picker';
import { HISTORY_DEFAULT, HISTORY_MAX, historyCard } from './history';
import type { CommandHost } from './hub';
import { chatKey } from './keys';
import type { Card, ChatAddress, ChatPlatform, InboundMessage } from './platform';
import { HELP, statusLine } from './render';
import { RESUMABLE, type ResumableProvider, resumeCard } from './resume';
import { startAndBind } from './session-start';

export type { CommandHost };

export interface Command {
  name: string;
  args: string[];
  /** Everything after the command word, as typed. */
  rest: string;
}

const COMMANDS = new Set(['new', 'list', 'bind', 'unbind', 'stop', 'key', 'screenshot', 'status', 'type', 'help', 'start', 'resume', 'history']);

/**
 * `/new shell ~/x` → {name: 'new', args: ['shell', '~/x']}. Only the bridge's own commands are
 * commands: any other `/word` (an assistant's slash command such as `/compact`) is typed into the
 * session. Telegram's `/list@ThisBot` reaches here as `/list` (telegram/addressee.ts).
 */
export function parseCommand(text: string): Command | null {
  const match = /^\s*\/([a-z]+)(?:[ \t]+([\s\S]*))?$/i.exec(text);
  if (!match) return null;
  const name = match[1]!.toLowerCase();
  if (!COMMANDS.has(name)) return null;
  const rest = (match[2] ?? '').trim();
  return { name, args: rest ? rest.split(/\s+/) : [], rest };
}

export interface CommandCall {
  platform: ChatPlatform;
  message: InboundMessage;
  command: Command;
  /** The chat, or the thread the message came from: what /new and /bind bind. */
  here: string;
  /** The channel the other commands act on: the thread when it has a session, else the chat. */
  bound: string;
}

const note = (text: string, title?: string, tone: Card['tone'] = 'neutral'): Card => ({ ...(title ? { title } : {}), tone, blocks: [{ type: 'markdown', text }] });

export async function runCommand(host: CommandHost, call: CommandCall): Promise<void> {
  const { platform, message, command, here, bound } = call;
  const { ctx } = host;
  const reply = (card: Card) => host.reply(platform, message.address, card);
  const session = ctx.store.session(bound);
  const needSession = async () => {
    if (!session) await reply(host.unboundCard(bound));
    return session;
  };
  switch (command.name) {
    case 'help':
    case 'start':
      await reply(note(HELP, 'agentgw bridge'));
      return;

    case 'new': {
      const [first, ...others] = command.args;
      const provider = first && normalizeProvider(first) ? first : undefined;
      const dir = (provider ? others : command.args).join(' ');
      const base = expandHome(host.config.default_dir || '~');
      const chat = { platform, address: message.address, userId: message.userId, here };
      // Bare `/new`: pick the folder with buttons.
      if (!command.args.length) {
        await reply(folderPickerCard(host, chat, base));
        return;
      }
      await reply(await startAndBind(host, { ...chat, workDir: dir ? resolve(base, expandHome(dir)) : base, ...(provider ? { provider } : {}) }));
      return;
    }

    case 'resume': {
      // `/resume [claude|codex] [dir]`: the bound session's assistant and folder by default;
      // a dir is relative to default_dir.
      const [first, ...others] = command.args;
      const named = first ? normalizeProvider(first) : null;
      const dir = (named ? others : command.args).join(' ');
      const base = expandHome(host.config.default_dir || '~');
      const window = session ? ctx.store.window(session.window_id) : undefined;
      const cwd = dir ? resolve(base, expandHome(dir)) : window?.cwd ?? base;
      const provider = named ?? window?.provider ?? 'agent_a';
      if (!(provider in RESUMABLE)) {
        await reply(note('Only Claude Code and Codex conversations can be resumed from a chat: `/resume claude [dir]` or `/resume codex [dir]`.'));
        return;
      }
      await reply(resumeCard(host, { platform, address: message.address, userId: message.userId, here }, provider as ResumableProvider, cwd, assistantEnv(ctx)));
      return;
    }

    case 'history': {
      if (!(await needSession())) return;
      const count = Math.min(HISTORY_MAX, Math.max(1, Number.parseInt(command.args[0] ?? '', 10) || HISTORY_DEFAULT));
      await reply(historyCard(ctx, session!.window_id, host.sessionName(session!.window_id), count, platform.maxChars, assistantEnv(ctx)));
      return;
    }

    case 'list': {
      const { sessions } = await listSessions(ctx);
      if (!sessions.length) {
        await reply(note('No sessions. Start one with `/new [provider] [dir]`.', 'Sessions'));
        return;
      }
      const lines = sessions.map((s, i) => {
        const status = host.statusOf(s.window_id);
        const here_ = ctx.store.channelsForWindow(s.window_id).includes(bound) ? ' ← this chat' : '';
        return `${i + 1}. **${s.display_name}** \`${s.window_id}\` ${s.provider} — ${status ? statusLine(status) : 'status not known yet'}${here_}\n    \`${s.cwd}\``;
      });
      await reply(note(`${lines.join('\n')}\n\n\`/bind <number | @id | name>\` binds this chat to one.`, 'Sessions'));
      return;
    }

    case 'bind': {
      const wanted = command.rest;
      if (!wanted) {
        await reply(note('Which session? `/bind <number | @id | name>` (see `/list`).'));
        return;
      }
      const { sessions } = await listSessions(ctx);
      const index = /^\d+$/.test(wanted) ? Number(wanted) - 1 : -1;
      const found = sessions[index] ?? sessions.find((s) => s.window_id === wanted || s.display_name === wanted || s.channel_id === wanted);
      if (!found || !ctx.store.window(found.window_id)) {
        await reply(note(`No session \`${wanted}\`. \`/list\` shows them.`, undefined, 'error'));
        return;
      }
      await host.endTurn(here);
      ctx.store.bind(here, found.window_id);
      host.store.putChat(here, { ...host.store.chat(here), platform: platform.id, chat_id: message.address.chatId, window_id: found.window_id, bound_by: message.userId });
      const status = host.statusOf(found.window_id);
      await reply(note(`Bound to **${found.display_name}** \`${found.window_id}\` (${found.provider}). Messages here are now typed into it.${status ? `\n${statusLine(status)}` : ''}`, 'Bound'));
      return;
    }

    case 'unbind': {
      const current = ctx.store.session(bound);
      if (!current) {
        await reply(host.unboundCard(bound));
        return;
      }
      await host.endTurn(bound);
      ctx.store.unbind(bound);
      host.store.putChat(bound, { ...host.store.chat(bound)!, window_id: undefined });
      await reply(note(`Unbound from ${host.sessionName(current.window_id)}; it keeps running.`));
      return;
    }

    case 'stop': {
      if (!(await needSession())) return;
      await host.endTurn(bound);
      const name = host.sessionName(session!.window_id);
      // Told here; the closed-window notice is for chats that did not ask.
      host.store.putChat(bound, { ...host.store.chat(bound)!, window_id: undefined });
      const result = await closeSession(ctx, bound);
      await reply(note(result.killed_windows ? `Stopped ${name}.` : `${name} had already ended.`, 'Stopped', 'done'));
      return;
    }

    case 'key': {
      if (!(await needSession())) return;
      const keys = command.args.map((word) => ({ word, key: chatKey(word) }));
      const bad = keys.filter((k) => !k.key).map((k) => k.word);
      if (!keys.length || bad.length) {
        await reply(note(`${bad.length ? `Unknown key${bad.length > 1 ? 's' : ''}: ${bad.join(', ')}. ` : ''}Try \`/key enter\`, \`/key esc\`, \`/key up\`, \`/key ctrl-c\`, \`/key y\` or \`/key down down enter\`.`, undefined, 'error'));
        return;
      }
      for (const { key } of keys) await sendKey(ctx, bound, key!);
      await reply({ blocks: [{ type: 'note', text: `⌨️ ${keys.map((k) => k.key).join(' ')}` }] });
      return;
    }

    case 'screenshot': {
      if (!(await needSession())) return;
      const renderer = host.screenshot;
      const png = renderer ? await onWindow(ctx, bound, (id) => renderer(id, ctx)) : null;
      if (!png) {
        await reply(note('No screenshot renderer is available on this gateway.', undefined, 'error'));
        return;
      }
      await platform.sendImage(message.address, png, host.sessionName(session!.window_id));
      return;
    }

    case 'status': {
      if (!(await needSession())) return;
      const status = host.statusOf(session!.window_id);
      await reply({ blocks: [{ type: 'note', text: status ? statusLine(status, host.sessionName(session!.window_id)) : `${host.sessionName(session!.window_id)}: status not known yet` }] });
      return;
    }

    case 'type':
      if (!command.rest) {
        await reply(note('`/type <text>` types the text as is, e.g. `/type /help` for the assistant\'s own help.'));
        return;
      }
      await host.typeInto(platform, bound, command.rest, message.address);
      return;

    default:
      throw new AppError('UNKNOWN_COMMAND', 400, `Unknown command /${command.name}`);
  }
}

/**
 * Where the assistants keep their transcripts: HOME, CODEX_HOME and CLAUDE_CONFIG_DIR as the
 * gateway's config was read with them, and `agent_a_config_dir` (as the transcript monitor reads it).
 */
function assistantEnv(ctx: GatewayContext): Record<string, string | undefined> {
  const { inherited_env: inherited, agent_a_config_dir: claudeDir } = ctx.config;
  return { ...process.env, ...inherited, ...(claudeDir ? { AGENT_A_CONFIG_DIR: claudeDir } : {}) };
}
