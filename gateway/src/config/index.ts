export * from './schema';
export * from './env';
export * from './load';
export * from './paths';
export * from './modelproxy';
export * from './forwarded';
