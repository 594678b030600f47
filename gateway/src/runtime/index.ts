export * from './types';
export * from './gateway';
export * from './reconcile';
export { PLUGIN_LOADERS, loadPlugins } from './plugins';
export { startServer, type RunningServer, type ServerOptions } from './server';
