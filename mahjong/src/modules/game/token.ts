/** A new session's secret: whoever holds it plays its human seat and may end the session. */
export const newSessionToken = (): string => crypto.randomUUID().replaceAll('-', '');
