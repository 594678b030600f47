export { LiveService, type Live } from './service';
export { screenshotWindow } from './screenshot';
