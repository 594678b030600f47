import { afterAll, setDefaultTimeout } from 'bun:test';
import { removeOutstandingTempDirs } from './src/testing';

// Real processes (tmux, chromium, compiled binaries) need more than bun's 5 s default on slow CI.
// Bun keeps a preload's default for the first test file only (later files fall back to 5 s), so the test
// command also passes `--timeout 60000` (package.json, .ci/run); this covers a single-file run.
setDefaultTimeout(60_000);
process.env.NO_COLOR ??= '1';
// In a preload, afterAll runs once after every file: the safety net behind each file's useTempDirs.
afterAll(() => {
  removeOutstandingTempDirs();
});
