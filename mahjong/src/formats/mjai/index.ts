/** mjai: tile codec and event schemas (for logs and live bot seats), log import and export. */
export * from './tiles';
export * from './schema';
export { exportMjai, mjaiEvents } from './export';
export { parseMjai, parseMjaiEvents } from './parse';
