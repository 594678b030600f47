import { setDefaultTimeout } from 'bun:test';

// Real processes (tmux, chromium, compiled binaries) need more than bun's 5 s default on slow CI.
setDefaultTimeout(60_000);
process.env.NO_COLOR ??= '1';
