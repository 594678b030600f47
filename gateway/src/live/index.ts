export { LiveService, livePlugin, type Live } from './plugin';
export { screenshotWindow } from './screenshot';
