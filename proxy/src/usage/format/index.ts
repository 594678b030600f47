export { painter, useColor, type Painter } from './color';
export { buildReport } from './report';
export { head, paintPercent, renderSummary, RECHECK, type RenderOptions } from './summary';
export { renderVerbose } from './verbose';
export { age, countdown, dhm } from './time';
