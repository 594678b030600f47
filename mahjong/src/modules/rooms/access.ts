/**
 * Seat tokens on the wire (README, "Rooms"): the page never sees or stores its token — the server
 * sets it as an HttpOnly, SameSite=Strict cookie scoped to the room's API path — and API clients
 * send it as X-Seat-Token. No URL ever carries it: the invitation link holds only the room id.
 */
export const cookieName = (roomId: string): string => `mj_seat_${roomId.replace(/[^A-Za-z0-9-]/g, '')}`;

/** Max-Age of the seat cookie: a long evening's play. */
const COOKIE_MAX_AGE_S = 24 * 3600;

export function seatCookie(roomId: string, token: string): string {
  return `${cookieName(roomId)}=${token}; Path=/api/rooms/${encodeURIComponent(roomId)}; HttpOnly; SameSite=Strict; Max-Age=${COOKIE_MAX_AGE_S}`;
}

/** The seat token a request presents: X-Seat-Token, else the room's cookie. */
export function presentedSeatToken(request: Request, roomId: string): string | null {
  const header = request.headers.get('x-seat-token');
  if (header) return header.trim();
  const cookies = request.headers.get('cookie');
  if (!cookies) return null;
  const name = cookieName(roomId);
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** Removes the seat cookie (a player who left). */
export function clearedSeatCookie(roomId: string): string {
  return `${cookieName(roomId)}=; Path=/api/rooms/${encodeURIComponent(roomId)}; HttpOnly; SameSite=Strict; Max-Age=0`;
}
