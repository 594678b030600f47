export * from './schema';
export * from './load';
export * from './paths';
export * from './placeholder';
export * from './listen';
export { DEFAULT_CONFIG_YAML } from './default-config';
