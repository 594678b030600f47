/** AI names the CLIs accept (`random`, `heuristic`, `strong`, `policy`, a model file) → agent factories. */
import { readFileSync } from 'node:fs';
import { BUILTIN_AIS, createAgent, type Agent } from '../engine/ai';
import { SHIPPED_POLICY } from '../modules/game/ai-factory';
import { PolicyAgent } from '../policy/agent';
import { isPolicyText, parsePolicy } from '../policy/model';

/** Reads each model file once; returns a factory making a fresh agent per game and seat. */
export function agentFactory(kinds: string[]): (kind: string, seed: number) => Agent {
  const models = new Map<string, string>();
  for (const k of kinds) {
    if ((BUILTIN_AIS as readonly string[]).includes(k) || models.has(k)) continue;
    try { models.set(k, readFileSync(k === 'policy' ? SHIPPED_POLICY : k, 'utf8')); } catch (e) {
      throw new Error(`AI "${k}": not one of ${BUILTIN_AIS.join(', ')}, policy or a readable model file (${(e as Error).message})`);
    }
  }
  return (kind, seed) => {
    const text = models.get(kind);
    if (text !== undefined && isPolicyText(text)) return new PolicyAgent(parsePolicy(text));
    return createAgent(kind, seed, text);
  };
}
