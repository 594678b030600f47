/** mjai: tile codec and event schemas (for logs and live bot seats), log import and export. */
export * from './tiles';
export * from './schema';
