export { FeishuClient, FEISHU_BASE_URL, LARK_BASE_URL, type FeishuClientOptions, type MsgType, type FileType } from './client';
export { FeishuApiError, FeishuHttpError } from './errors';
export { REFRESH_MARGIN_MS } from './token';
