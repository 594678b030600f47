export * from './codex';
export * from './events';
export * from './gemini';
export * from './handler';
export * from './settings';
export * from './settings-file';
export { withFileLock, LockTimeout } from './lock';
