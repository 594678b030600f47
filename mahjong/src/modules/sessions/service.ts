/** Session limits live with the backends (backend/memory.ts); re-exported for the serve command. */
export { DEFAULT_LIMITS, type SessionLimits } from '../backend/memory';
