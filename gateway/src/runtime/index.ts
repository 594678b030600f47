export * from './types';
export * from './gateway';
export * from './reconcile';
export * from './window-gone';
