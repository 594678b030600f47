import type { CommandDef, CommandMeta } from 'citty';

type AnyCommand = CommandDef<any>;

const resolve = async <T>(value: T | (() => T | Promise<T>) | Promise<T> | undefined): Promise<T | undefined> =>
  typeof value === 'function' ? (value as () => T | Promise<T>)() : value;

/**
 * A sub-command whose code loads only when it runs or shows its own help. citty resolves every
 * sub-command to print the root's `--help` (for their descriptions), so a plain
 * `() => import('./serve')` still loads the server for `modelproxy --help`; here the name and
 * description are given up front, and everything else (arguments, sub-commands, run) comes from
 * the module on first use. The meta given here also heads the command's own `--help`.
 */
export function lazyCommand(meta: CommandMeta, load: () => Promise<AnyCommand>): AnyCommand {
  let loaded: Promise<AnyCommand> | null = null;
  const command = () => (loaded ??= load());
  return {
    // A plain object: the shared usage printer reads names synchronously (`modelproxy config edit`).
    meta,
    args: async () => (await resolve((await command()).args)) ?? {},
    // citty lists a command's sub-commands whenever the member exists: none is an empty listing.
    subCommands: async () => (await resolve((await command()).subCommands)) ?? {},
    setup: async (context) => (await command()).setup?.(context),
    run: async (context) => {
      const loadedCommand = await command();
      if (loadedCommand.run) return loadedCommand.run(context);
      // citty runs a group's `run` after its sub-command too; a group given none gets what citty
      // says for a group it loaded itself (runCli exits 2).
      const subs = (await resolve(loadedCommand.subCommands)) ?? {};
      if (context.rawArgs.some((arg) => Object.hasOwn(subs, arg))) return;
      throw Object.assign(new Error('No command specified.'), { name: 'CLIError', code: 'E_NO_COMMAND' });
    },
    cleanup: async (context) => (await command()).cleanup?.(context),
  };
}
