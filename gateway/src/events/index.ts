export * from './model';
export * from './bus';
