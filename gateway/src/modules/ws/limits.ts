/**
 * What one WebSocket may hold on the server (README "Security model", WebSocket frames). A client
 * that sends faster than its requests are answered, or that stops reading, holds memory the
 * gateway shares with every other socket: both are bounded here.
 */
import { MAX_JSON_BYTES } from '../common/json-limits';

/**
 * Requests of one socket waiting for or being handled (they are answered in order). Far above a
 * client that types (each keystroke waits for a few ms of tmux) or pipelines a burst; the bytes
 * below are the bound that matters for memory.
 */
export const MAX_PENDING_REQUESTS = 1024;
/** The frames of those requests together, in bytes. */
export const MAX_PENDING_BYTES = 4 * MAX_JSON_BYTES;

/**
 * Bun's own WebSocket settings for the server. Replies and events a socket has not read are
 * buffered up to `backpressureLimit`; past it Bun would drop frames silently (a pane stream then
 * draws a wrong screen), so the socket is closed instead and a reconnecting client starts from a
 * full frame. A frame over `maxPayloadLength` closes the socket (1009) before it is buffered; up
 * to it, frames over MAX_JSON_BYTES get the protocol's `Message too large` error.
 */
export const WS_SERVER_OPTIONS = {
  maxPayloadLength: 2 * MAX_JSON_BYTES,
  backpressureLimit: 2 * MAX_JSON_BYTES,
  closeOnBackpressureLimit: true,
} as const;
