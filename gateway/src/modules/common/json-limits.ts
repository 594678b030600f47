/**
 * What a JSON document sent to the gateway may be (README "Security model"): REST bodies and
 * WebSocket frames alike. Every client message and body is a flat object; nothing legitimate comes
 * near these (the largest is an input text of 1 MiB, at most 6 MiB once JSON-escaped).
 */
export const MAX_JSON_BYTES = 8 * 1024 * 1024;
export const MAX_JSON_DEPTH = 32;

