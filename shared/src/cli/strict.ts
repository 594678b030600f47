import type { ArgsDef, CommandDef } from 'citty';

type AnyCommand = CommandDef<any>;

const resolve = async <T>(value: T | (() => T | Promise<T>) | Promise<T> | undefined): Promise<T | undefined> =>
  typeof value === 'function' ? (value as () => T | Promise<T>)() : value;

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export interface Unexpected {
  options: string[];
  /** Words given to a command that takes no positional argument (`usage foo`). */
  positionals: string[];
}

/**
 * citty silently ignores options and words it does not know, so a typo such as `--jsn` would run
 * the command without the option. This finds them (for exit code 2): it follows the sub-command
 * chain the same way citty does and checks each token against the leaf command's arguments.
 */
export async function unexpectedArgs(root: AnyCommand, rawArgs: string[]): Promise<Unexpected> {
  let cmd = root;
  let rest = rawArgs;
  for (;;) {
    const args = ((await resolve(cmd.args)) ?? {}) as ArgsDef;
    const listed = (await resolve(cmd.subCommands)) as Record<string, unknown> | undefined;
    // An empty listing (a lazily loaded leaf command) is none, as citty's runCommand treats it.
    const subs = listed && Object.keys(listed).length > 0 ? listed : undefined;
    const index = firstPositional(rest, args);
    const name = index >= 0 ? rest[index]! : undefined;
    if (!subs || !name || !(name in subs)) {
      const bad = check(rest, args);
      // A word that is not a sub-command is citty's "Unknown command" to report.
      return subs ? { ...bad, positionals: [] } : bad;
    }
    const bad = check(rest.slice(0, index), args);
    if (bad.options.length) return bad;
    cmd = (await resolve(subs[name] as AnyCommand | (() => Promise<AnyCommand>))) as AnyCommand;
    rest = rest.slice(index + 1);
  }
}

function takesValue(flag: string, args: ArgsDef): boolean {
  const def = lookup(flag, args);
  return def !== undefined && (def.type === 'string' || def.type === 'enum');
}

function firstPositional(tokens: string[], args: ArgsDef): number {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === '--') return -1;
    if (token.startsWith('-') && token !== '-') {
      if (!token.includes('=') && takesValue(token, args)) i++;
      continue;
    }
    return i;
  }
  return -1;
}

function lookup(flag: string, args: ArgsDef) {
  const name = flag.replace(/^-{1,2}/, '').split('=')[0]!;
  for (const [key, def] of Object.entries(args)) {
    const alias = (def as { alias?: string | string[] }).alias;
    const aliases = Array.isArray(alias) ? alias : alias ? [alias] : [];
    const names = [key, camel(key), kebab(key), ...aliases];
    if (names.includes(name)) return def;
    if (def.type === 'boolean' && names.some((n) => name === `no-${n}` || name === `no${n[0]!.toUpperCase()}${n.slice(1)}`)) return def;
  }
  return undefined;
}

function check(tokens: string[], args: ArgsDef): Unexpected {
  const bad: Unexpected = { options: [], positionals: [] };
  const takesWords = Object.values(args).some((def) => def.type === 'positional');
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === '--') break;
    // A lone `-` is a word by convention (stdin), as are negative numbers.
    if (!token.startsWith('-') || token === '-' || /^-\d/.test(token)) {
      if (!takesWords) bad.positionals.push(token);
      continue;
    }
    if (['--help', '-h', '--version', '-v'].includes(token)) continue;
    if (!lookup(token, args)) bad.options.push(token.split('=')[0]!);
    else if (!token.includes('=') && takesValue(token, args)) i++;
  }
  return bad;
}
