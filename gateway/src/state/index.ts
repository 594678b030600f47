export * from './paths';
export * from './model';
export * from './store';
export * from './session-map';
export { readJsonFile } from './json-file';
export { dict } from './dict';
export { SessionIds } from './session-ids';
