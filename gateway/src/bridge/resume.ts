import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { claudeProjectDir, codexSessionsDir } from '../monitor/discover';
import { cut } from '@devhub/shared/text';
import type { CommandHost } from './hub';
import type { MenuAction } from './menus';
import type { Card, MenuButton } from './platform';
import type { PickerChat } from './folder-picker';
import { startAndBind } from './session-start';

/** Conversations offered at once (the newest). */
const MAX_CONVERSATIONS = 10;
/** How much of a transcript is read for its first prompt. */
const HEAD_BYTES = 256 * 1024;
/** Codex rollout files looked at, newest date folders first. */
const MAX_CODEX_FILES = 400;
/** A session id as Claude Code and Codex write it (a UUID); checked before it is typed into a shell. */
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

export interface Conversation {
  id: string;
  mtimeMs: number;
  /** The first thing the user typed in it. */
  title: string;
}

/**
 * Claude Code's earlier conversations in `cwd`: the `<session id>.jsonl` transcripts of
 * `<config dir>/projects/<cwd with every non-alphanumeric character as ->/`, newest first. That
 * folder name is lossy (`/a-b` and `/a/b` share it), so a transcript counts only when its own
 * `cwd` field is this folder; one with no prompt of the user's (a summary only) is left out.
 */
export function claudeConversations(cwd: string, env: Record<string, string | undefined>): Conversation[] {
  const dir = claudeProjectDir(cwd, env);
  let names: string[];
  try { names = readdirSync(dir).filter((n) => n.endsWith('.jsonl') && SESSION_ID.test(n.slice(0, -6))); } catch { return []; }
  const files = names.flatMap((name) => {
    try { return [{ name, mtimeMs: statSync(join(dir, name)).mtimeMs }]; } catch { return []; }
  }).sort((a, b) => b.mtimeMs - a.mtimeMs);
  const out: Conversation[] = [];
  for (const file of files) {
    const head = readHead(join(dir, file.name));
    const title = firstPrompt(head, cwd);
    if (title !== null) out.push({ id: file.name.slice(0, -6), mtimeMs: file.mtimeMs, title });
    if (out.length >= MAX_CONVERSATIONS) break;
  }
  return out;
}

/**
 * Codex's earlier conversations in `cwd`: its rollouts (`<CODEX_HOME>/sessions/YYYY/MM/DD/
 * rollout-*.jsonl`, newest date folders first) whose `session_meta` names this folder; the id is
 * the session's, as `codex resume <id>` takes it.
 */
export function codexConversations(cwd: string, env: Record<string, string | undefined>): Conversation[] {
  const files: Array<{ path: string; mtimeMs: number }> = [];
  const desc = (dir: string) => { try { return readdirSync(dir).filter((n) => /^\d+$/.test(n)).sort().reverse(); } catch { return []; } };
  const root = codexSessionsDir(env);
  scan: for (const year of desc(root)) {
    for (const month of desc(join(root, year))) {
      for (const day of desc(join(root, year, month))) {
        const dir = join(root, year, month, day);
        let names: string[];
        try { names = readdirSync(dir).filter((n) => n.startsWith('rollout-') && n.endsWith('.jsonl')); } catch { continue; }
        for (const name of names) {
          try { files.push({ path: join(dir, name), mtimeMs: statSync(join(dir, name)).mtimeMs }); } catch { /* vanished */ }
          if (files.length >= MAX_CODEX_FILES) break scan;
        }
      }
    }
  }
  const out: Conversation[] = [];
  for (const file of files.sort((a, b) => b.mtimeMs - a.mtimeMs)) {
    const found = codexHead(readHead(file.path), cwd);
    if (found) out.push({ ...found, mtimeMs: file.mtimeMs });
    if (out.length >= MAX_CONVERSATIONS) break;
  }
  return out;
}

/** The session id and first prompt of a rollout in `cwd` (null: another folder's, or a sub-agent's). */
function codexHead(head: string, cwd: string): { id: string; title: string } | null {
  let id = '';
  for (const line of head.split('\n')) {
    let record: { type?: unknown; payload?: Record<string, unknown> };
    try { record = JSON.parse(line); } catch { continue; }
    const payload = record.payload ?? {};
    if (record.type === 'session_meta') {
      if (payload.cwd !== cwd || JSON.stringify(payload.source ?? '').includes('subagent') || typeof payload.id !== 'string' || !SESSION_ID.test(payload.id)) return null;
      id = payload.id;
    } else if (id && record.type === 'event_msg' && payload.type === 'user_message' && typeof payload.message === 'string' && payload.message.trim()) {
      return { id, title: shorten(payload.message) };
    }
  }
  return id ? { id, title: '(no prompt yet)' } : null;
}

const shorten = (text: string) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > 60 ? `${cut(clean, 59)}…` : clean;
};

function readHead(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const n = readSync(fd, buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** The first user prompt of a transcript in `cwd` (null: another folder's, or none). */
function firstPrompt(head: string, cwd: string): string | null {
  let sameFolder = false;
  for (const line of head.split('\n')) {
    let record: Record<string, unknown>;
    try { record = JSON.parse(line); } catch { continue; }
    if (typeof record.cwd === 'string') {
      if (record.cwd !== cwd) return null;
      sameFolder = true;
    }
    if (record.type !== 'user' || record.isMeta === true || record.isSidechain === true) continue;
    const content = (record.message as { content?: unknown } | undefined)?.content;
    const text = typeof content === 'string' ? content
      : Array.isArray(content) ? content.map((c) => (c && typeof c === 'object' && (c as { type?: unknown }).type === 'text' ? String((c as { text?: unknown }).text ?? '') : '')).join(' ') : '';
    const clean = text.replace(/<[^>]+>[\s\S]*?<\/[^>]+>/g, '').trim();
    if (clean) return shorten(clean);
  }
  return sameFolder ? '(no prompt yet)' : null;
}

const ago = (ms: number) => {
  const minutes = Math.max(0, Math.round((Date.now() - ms) / 60_000));
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h ago`;
  return `${Math.round(minutes / 1440)} days ago`;
};

/** The assistants whose conversations `/resume` lists, and how each CLI resumes one. */
export const RESUMABLE = {
  agent_a: { name: 'Claude Code', list: claudeConversations, args: (id: string) => ['--resume', id] },
  agent_b: { name: 'Codex', list: codexConversations, args: (id: string) => ['resume', id] },
} as const;
export type ResumableProvider = keyof typeof RESUMABLE;

/**
 * `/resume`: the conversations as buttons; one pressed starts the assistant in `cwd` with its own
 * resume flag (`claude --resume <id>`, `codex resume <id>`) and binds the chat, like `/new`.
 */
export function resumeCard(host: CommandHost, chat: PickerChat, provider: ResumableProvider, cwd: string, env: Record<string, string | undefined>): Card {
  const assistant = RESUMABLE[provider];
  const conversations = assistant.list(cwd, env);
  if (!conversations.length) {
    return { title: 'Resume', blocks: [{ type: 'markdown', text: `No earlier ${assistant.name} conversations in \`${cwd}\`.` }] };
  }
  const items: MenuAction[] = [];
  const menu: MenuButton[] = [];
  const id = host.menus.create(chat.address.chatId, items);
  for (const conversation of conversations) {
    menu.push({ label: `${conversation.title} · ${ago(conversation.mtimeMs)}`, value: { m: id, i: items.length } });
    items.push(async () => {
      host.menus.close(id);
      const started = await startAndBind(host, { ...chat, provider, workDir: cwd, launchArgs: assistant.args(conversation.id) });
      await host.reply(chat.platform, chat.address, started);
      return { ok: true, notice: 'Resuming', card: { title: 'Resume', tone: 'done', blocks: [{ type: 'markdown', text: `▶ ${conversation.title} (\`${conversation.id}\`)` }] } };
    });
  }
  const lines = conversations.map((c, i) => `${i + 1}. ${c.title} — ${ago(c.mtimeMs)} \`${c.id.slice(0, 8)}\``);
  return { title: `Resume a ${assistant.name} conversation in ${cwd}`, blocks: [{ type: 'markdown', text: lines.join('\n') }], menu };
}
