import { type CommandDef, renderUsage } from 'citty';

type AnyCommand = CommandDef<any>;
const nameOf = (cmd: AnyCommand | undefined) => (cmd?.meta as { name?: string } | undefined)?.name;

/**
 * citty names a nested command by its parent alone (`USAGE server start`), which cannot be run as
 * written; the root's name goes in front (`agentgw server start`).
 */
export function usagePrinter(root: AnyCommand) {
  return async (cmd: AnyCommand, parent?: AnyCommand): Promise<void> => {
    let text = await renderUsage(cmd, parent);
    const [rootName, parentName, name] = [nameOf(root), nameOf(parent), nameOf(cmd)];
    if (parent && parent !== root && rootName && parentName && name) {
      text = text.replaceAll(`${parentName} ${name}`, `${rootName} ${parentName} ${name}`);
    }
    process.stdout.write(`${text}\n\n`);
  };
}
