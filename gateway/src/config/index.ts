export * from './schema';
export * from './env';
export * from './load';
export * from './paths';
export * from './exposure';
export * from './modelproxy';
export * from './forwarded';
