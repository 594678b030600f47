import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

type Env = Record<string, string | undefined>;
const home = (env: Env) => env.HOME || homedir();

export const claudeConfigDir = (env: Env = process.env) =>
  env.AGENT_A_CONFIG_DIR || env.CLAUDE_CONFIG_DIR || join(home(env), '.claude');

/** Claude Code's folder for a cwd: every non-alphanumeric character becomes '-' (lossy). */
export const claudeProjectDir = (cwd: string, env: Env = process.env) =>
  join(claudeConfigDir(env), 'projects', cwd.replace(/[^a-zA-Z0-9]/g, '-'));

/** `$CODEX_HOME`, else `~/.codex`. */
export const codexHome = (env: Env = process.env) => env.CODEX_HOME?.trim() || join(home(env), '.codex');
export const codexSessionsDir = (env: Env = process.env) => join(codexHome(env), 'sessions');
export const geminiTmpDir = (env: Env = process.env) => join(home(env), '.gemini', 'tmp');
export const piProjectDir = (cwd: string, env: Env = process.env) =>
  join(env.PI_CODING_AGENT_DIR || join(home(env), '.pi', 'agent'), 'sessions', `--${cwd.replace(/^\//, '').replace(/\//g, '-')}--`);

interface Candidate { path: string; mtimeMs: number }

function filesIn(dir: string, match: (name: string) => boolean): Candidate[] {
  let names: string[];
  try { names = readdirSync(dir); } catch { return []; }
  const out: Candidate[] = [];
  for (const name of names) {
    if (!match(name)) continue;
    try { out.push({ path: join(dir, name), mtimeMs: statSync(join(dir, name)).mtimeMs }); } catch { /* vanished */ }
  }
  return out.sort((a, b) => b.mtimeMs - a.mtimeMs);
}

const newestSince = (files: Candidate[], sinceMs: number) => files.find((f) => f.mtimeMs >= sinceMs)?.path ?? null;

/**
 * The transcript a window's assistant is writing, when no hook told us: the newest file in the
 * provider's folder for this cwd, modified since the window started.
 */
export function discoverTranscript(provider: string, cwd: string, sinceMs: number, env: Env = process.env): string | null {
  switch (provider) {
    case 'agent_a': return newestSince(filesIn(claudeProjectDir(cwd, env), (n) => n.endsWith('.jsonl')), sinceMs);
    case 'agent_b': return discoverCodex(cwd, sinceMs, env);
    case 'agent_c': return discoverGemini(cwd, sinceMs, env);
    case 'agent_d': return newestSince(filesIn(piProjectDir(cwd, env), (n) => n.endsWith('.jsonl')), sinceMs);
    default: return null;
  }
}

/** Codex files are sorted by date, not cwd: check the 20 newest recent rollouts' session_meta. */
function discoverCodex(cwd: string, sinceMs: number, env: Env): string | null {
  const root = codexSessionsDir(env);
  // Folders are dated when the session started; yesterday and tomorrow cover midnight and a
  // Codex that dates in another time zone than ours.
  const days = [0, 1, -1].map((back) => new Date(Date.now() - back * 86_400_000));
  const files = days
    .flatMap((d) => filesIn(join(root, String(d.getFullYear()), pad(d.getMonth() + 1), pad(d.getDate())), (n) => n.startsWith('rollout-') && n.endsWith('.jsonl')))
    .filter((f) => f.mtimeMs >= sinceMs)
    .sort((a, b) => b.mtimeMs - a.mtimeMs)
    .slice(0, 20);
  for (const file of files) {
    const meta = firstLine(file.path);
    const payload = meta?.type === 'session_meta' ? (meta.payload as Record<string, unknown> | undefined) : undefined;
    const source = JSON.stringify(payload?.source ?? '');
    if (payload?.cwd === cwd && !source.includes('subagent')) return file.path;
  }
  return null;
}

function discoverGemini(cwd: string, sinceMs: number, env: Env): string | null {
  const root = geminiTmpDir(env);
  const hashed = join(root, createHash('sha256').update(cwd).digest('hex'));
  const dirs = [hashed];
  // Newer releases name the folder after the project and record its root in `.project_root`.
  for (const entry of filesIn(root, () => true)) {
    try { if (readFileSync(join(entry.path, '.project_root'), 'utf8').trim() === cwd) dirs.push(entry.path); } catch { /* not a project folder */ }
  }
  const files = dirs
    .filter((d) => existsSync(join(d, 'chats')))
    .flatMap((d) => filesIn(join(d, 'chats'), (n) => n.startsWith('session-') && (n.endsWith('.json') || n.endsWith('.jsonl'))))
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  return newestSince(files, sinceMs);
}

/** First lines read so far: a rollout's `session_meta` never changes, and windows look again every second. */
const firstLines = new Map<string, Record<string, unknown>>();

function firstLine(path: string): Record<string, unknown> | null {
  const known = firstLines.get(path);
  if (known) return known;
  try {
    const text = readFileSync(path, 'utf8');
    const end = text.indexOf('\n');
    const line = JSON.parse(end < 0 ? text : text.slice(0, end)) as Record<string, unknown>;
    if (end >= 0) {
      if (firstLines.size >= 1000) firstLines.clear();
      firstLines.set(path, line);
    }
    return line;
  } catch { return null; }
}

const pad = (n: number) => String(n).padStart(2, '0');
