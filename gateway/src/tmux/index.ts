import type { GatewayConfig } from '../config';
import { type CaptureOptions, capturePane, captureScreen, displayMessage, type Screen } from './capture';
import { TmuxClient } from './client';
import { type CreateWindowOptions, createWindow } from './create';
import { type SendTextOptions, sendKey, sendText } from './input';
import { KeyedSerial } from './serial';
import { windowKey } from './window-key';
import { ensureSession, findWindow, killServer, killWindow, listWindows, type WindowInfo } from './windows';

export * from './errors';
export { TmuxClient, isMissingTarget } from './client';
export { sanitizeWindowName, dedupeName, type CreateWindowOptions } from './create';
export { isValidKey, type SendTextOptions } from './input';
export { PLACEHOLDER_WINDOW, parseWindowList, type WindowInfo } from './windows';
export { delimiters, recordFormat, splitRecords, type Delimiters } from './records';
export { windowKey, windowOfKey } from './window-key';
export type { CaptureOptions, Screen } from './capture';

/**
 * The gateway's one handle on tmux: a dedicated session on one server (`-L socket`). Every
 * method is a thin call into the function modules beside this file.
 */
export class Tmux {
  readonly client: TmuxClient;
  /**
   * Text and keys for one window are sent in call order, never interleaved: without this, a
   * second input landed during the first one's pause before Enter ("echo aecho b").
   */
  private readonly typing = new KeyedSerial();

  constructor(readonly options: { socket: string; session: string; width: number; height: number; env?: Record<string, string> }) {
    this.client = new TmuxClient({ socket: options.socket, session: options.session }, options.env);
  }

  static fromConfig(config: GatewayConfig, env?: Record<string, string>): Tmux {
    return new Tmux({ socket: config.tmux_socket, session: config.tmux_session, width: config.window_width, height: config.window_height, env });
  }

  /** The tmux server's socket path, known once `ensureSession` has run. */
  private serverPath = '';

  get session(): string { return this.options.session; }
  get server(): string {
    if (!this.serverPath) throw new Error('the tmux server is not known before ensureSession()');
    return this.serverPath;
  }
  async ensureSession(): Promise<void> {
    await ensureSession(this.client, this.options);
    this.serverPath ||= await displayMessage(this.client, `=${this.options.session}:`, '#{socket_path}');
  }
  listWindows(): Promise<WindowInfo[]> { return listWindows(this.client); }
  findWindow(windowId: string): Promise<WindowInfo | null> { return findWindow(this.client, windowId); }
  createWindow(options: Omit<CreateWindowOptions, 'width' | 'height'>): Promise<string> {
    return createWindow(this.client, { ...options, width: this.options.width, height: this.options.height });
  }
  killWindow(windowId: string): Promise<boolean> { return killWindow(this.client, windowId); }
  sendText(windowId: string, text: string, options: SendTextOptions): Promise<void> {
    return this.typing.run(windowId, () => sendText(this.client, windowId, text, options));
  }
  sendKey(windowId: string, key: string): Promise<void> { return this.typing.run(windowId, () => sendKey(this.client, windowId, key)); }
  capturePane(windowId: string, options?: CaptureOptions): Promise<string> { return capturePane(this.client, windowId, options); }
  displayMessage(target: string, format: string): Promise<string> { return displayMessage(this.client, target, format); }
  captureScreen(windowId: string): Promise<Screen> { return captureScreen(this.client, windowId); }
  /** `<socket path>:<session>:@N`, the key session_map.json uses (README "Files in the state directory"). */
  windowKey(windowId: string): string { return windowKey(this.server, this.options.session, windowId); }
  killServer(): Promise<void> { return killServer(this.client); }
}
