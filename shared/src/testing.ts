/**
 * Test helpers every package uses: one polling `waitFor` (one argument order everywhere) and
 * temporary directories that are always removed. Imported as `@devhub/shared/testing`.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Polls `check` until it returns a truthy value and resolves with it; fails after `timeoutMs`
 * naming `what`, the last value seen and the last error thrown. Never a fixed sleep.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  what = 'condition',
  timeoutMs = 10_000,
  intervalMs = 25,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastValue: unknown;
  let lastError: unknown;
  for (;;) {
    try {
      lastValue = await check();
      if (lastValue) return lastValue as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) break;
    await Bun.sleep(intervalMs);
  }
  const error = lastError ? `; last error: ${(lastError as Error).message ?? String(lastError)}` : '';
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last value: ${describe(lastValue)}${error})`);
}

function describe(value: unknown): string {
  try {
    const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return String(value);
  }
}

/** Every directory a `TempDirs` made and has not removed yet, across all test files of the run. */
const outstanding = new Set<string>();

/** Temporary directories created under the OS temp dir; `removeAll()` deletes every one of them. */
export class TempDirs {
  private readonly paths: string[] = [];

  constructor(private readonly prefix = 'devhub-test-') {}

  make(prefix = this.prefix): string {
    const path = mkdtempSync(join(tmpdir(), prefix));
    this.paths.push(path);
    outstanding.add(path);
    return path;
  }

  /** Removes one directory this factory made (before the others, e.g. at the end of its test). */
  remove(path: string): void {
    const at = this.paths.indexOf(path);
    if (at >= 0) this.paths.splice(at, 1);
    rmSync(path, { recursive: true, force: true });
    outstanding.delete(path);
  }

  removeAll(): void {
    for (const path of this.paths.splice(0)) {
      rmSync(path, { recursive: true, force: true });
      outstanding.delete(path);
    }
  }
}

/**
 * Removes every directory any `TempDirs` made that is still there. The test preload runs it once
 * after the whole run, so a file that forgot its own cleanup still leaves nothing in /tmp.
 */
export function removeOutstandingTempDirs(): number {
  const paths = [...outstanding];
  for (const path of paths) {
    rmSync(path, { recursive: true, force: true });
    outstanding.delete(path);
  }
  return paths.length;
}

/**
 * A temp-dir factory bound to a test file's lifecycle: pass bun:test's `afterAll` (or `afterEach`)
 * and every directory `make()` created is removed by it.
 */
export function useTempDirs(cleanup: (fn: () => void) => void, prefix?: string): TempDirs {
  const dirs = new TempDirs(prefix);
  cleanup(() => dirs.removeAll());
  return dirs;
}

const REPO_ROOT = join(import.meta.dir, '..', '..');
const builds = new Map<string, Promise<string>>();

/**
 * A product's CLI compiled with `bun build --compile`, once per test process however many test
 * files ask for it. The binary goes to `dist/test-bin/<name>` (dist/ is git-ignored); it is built
 * under a process-unique name and renamed into place, so two concurrent runs never see half a file.
 */
export function compiledBinary(pkg: string, name: string): Promise<string> {
  let build = builds.get(name);
  if (!build) {
    build = compile(join(REPO_ROOT, pkg), name);
    builds.set(name, build);
  }
  return build;
}

/**
 * The entry points the package's `build` script compiles (the CLI, then any worker it carries),
 * so the binary under test is the one that ships; `src/cli/index.ts` when the script names none.
 */
function entryPoints(pkgDir: string): string[] {
  const build = (JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { scripts?: { build?: string } }).scripts?.build ?? '';
  const files = build.split(/\s+/).filter((arg) => /^src\/.+\.ts$/.test(arg));
  return files.length > 0 ? files : ['src/cli/index.ts'];
}

async function compile(pkgDir: string, name: string): Promise<string> {
  const outDir = join(REPO_ROOT, 'dist', 'test-bin');
  mkdirSync(outDir, { recursive: true });
  const target = join(outDir, name);
  const partial = `${target}.${process.pid}.partial`;
  await using proc = Bun.spawn(['bun', 'build', '--compile', ...entryPoints(pkgDir), '--outfile', partial], { cwd: pkgDir, stdout: 'pipe', stderr: 'pipe' });
  const [code, err] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  if (code !== 0) {
    rmSync(partial, { force: true });
    throw new Error(`bun build --compile of ${name} failed (${code}): ${err}`);
  }
  renameSync(partial, target);
  return target;
}

/**
 * Reads a child's output until `pattern` matches what it has said so far (a server naming its
 * address); the match. The stream is released, so the rest can still be read. Throws with the
 * output after `timeoutMs` or at its end.
 */
export async function readUntil(stream: ReadableStream<Uint8Array>, pattern: RegExp, timeoutMs = 20_000): Promise<RegExpExecArray> {
  const reader = stream.getReader();
  let text = '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
    const m = pattern.exec(text);
    if (m) { reader.releaseLock(); return m; }
  }
  throw new Error(`never said ${pattern}:\n${text}`);
}

/** The uid tests run another local user's programs as (`nobody`). */
export const NOBODY_UID = 65534;
/** Whether this process can run a program as another user: root with util-linux `setpriv` (as CI runs). */
export const canRunAsNobody = process.getuid?.() === 0 && Bun.which('setpriv') !== null;

/**
 * Runs `code` with `bun -e` as user nobody — another local user's program, for tests of what such
 * a program can reach — with a fresh world-writable HOME that is removed afterwards.
 */
export async function runAsNobody(code: string): Promise<{ out: string; err: string; exitCode: number }> {
  const home = mkdtempSync(join(tmpdir(), 'nobody-home-'));
  try {
    chmodSync(home, 0o777);
    const proc = Bun.spawn(['setpriv', `--reuid=${NOBODY_UID}`, `--regid=${NOBODY_UID}`, '--clear-groups', 'bun', '-e', code], {
      cwd: '/', env: { PATH: process.env.PATH, HOME: home }, stdout: 'pipe', stderr: 'pipe',
    });
    const [out, err, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    return { out: out.trim(), err, exitCode };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/**
 * A YAML "billion laughs": seven levels of nine aliases each. The yaml package parses it but
 * refuses to expand it (`toJS` throws "Excessive alias count …").
 */
export const ALIAS_BOMB_YAML = [
  'a: &a [x, x, x, x, x, x, x, x, x]',
  ...'bcdefg'.split('').map((name, i) => `${name}: &${name} [${Array(9).fill(`*${'abcdefg'[i]}`).join(', ')}]`),
  '',
].join('\n');
