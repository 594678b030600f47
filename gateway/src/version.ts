import pkg from '../package.json' with { type: 'json' };

/** The one place the version lives: the package manifest. */
export const VERSION: string = pkg.version;
export const CLI_NAME = 'agentgw';
