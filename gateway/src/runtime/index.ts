export * from './types';
export * from './background';
export * from './gateway';
export * from './reconcile';
export * from './window-gone';
