/** Command-line helpers the three CLIs share (kept out of the main index: only CLIs need citty). */
export { runCli, usagePrinter } from './cli/run';
export { stripAnsi, useColor } from './cli/colour';
export { unexpectedArgs, type Unexpected } from './cli/strict';
export { lazyCommand } from './cli/lazy';
