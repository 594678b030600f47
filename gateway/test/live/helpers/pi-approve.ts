/**
 * A Pi extension (Pi itself never asks before running a tool): asks before every bash command
 * with Pi's own selection dialog, as its permission-gate example does for dangerous ones.
 */
interface ToolCall { toolName: string; input: Record<string, unknown> }
interface Context { hasUI: boolean; ui: { select(title: string, options: string[]): Promise<string | undefined> } }
interface Api { on(event: 'tool_call', handler: (event: ToolCall, ctx: Context) => Promise<{ block: true; reason: string } | undefined>): void }

export default function approveBash(pi: Api): void {
  pi.on('tool_call', async (event, ctx) => {
    if (event.toolName !== 'bash') return undefined;
    if (!ctx.hasUI) return { block: true, reason: 'No one to ask' };
    const choice = await ctx.ui.select(`Do you want to run this command?\n\n  ${String(event.input.command)}`, ['Yes', 'No']);
    return choice === 'Yes' ? undefined : { block: true, reason: 'Blocked by user' };
  });
}
