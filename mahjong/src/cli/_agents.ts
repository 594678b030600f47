/** AI names the CLIs accept → agent factories (src/arena/agents.ts). */
export { agentFactory } from '../arena/agents';
