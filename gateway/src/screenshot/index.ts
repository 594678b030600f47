export { renderPanePng, type RenderOptions } from './render';
export { ensureFonts } from './fonts';
