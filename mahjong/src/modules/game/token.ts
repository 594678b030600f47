/** A new session's secret: whoever holds it plays its human seat and may end the session. 256 random bits, as hex. */
export const newSessionToken = (): string => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex');
