import type { UsageAdapterName } from '../../config';
import type { Adapter } from './common';
import { kimiAdapter } from './kimi';
import { litellmAdapter } from './litellm';
import { minimaxAdapter } from './minimax';
import { zhipuAdapter } from './zhipu';
import { zhipuTeamAdapter } from './zhipu-team';

export type { Adapter, AdapterContext } from './common';
export { probe, probeModelFor, type ProbeResult } from './probe';

/** Dedicated quota queries; `probe` has none and goes straight to the probe. */
export const ADAPTERS: Record<Exclude<UsageAdapterName, 'probe'>, Adapter> = {
  minimax: minimaxAdapter,
  kimi: kimiAdapter,
  zhipu: zhipuAdapter,
  zhipu_team: zhipuTeamAdapter,
  litellm: litellmAdapter,
};
