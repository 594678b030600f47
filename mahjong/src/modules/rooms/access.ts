import { clearedCookie, secretCookie, trustedCookie } from '../../server/cookies';

/**
 * Seat tokens on the wire (README, "Rooms"): the page never sees or stores its token — the server
 * sets it as an HttpOnly, SameSite=Strict cookie scoped to the room's API path — and API clients
 * send it as X-Seat-Token. No URL ever carries it: the invitation link holds only the room id.
 */
export const cookieName = (roomId: string): string => `mj_seat_${roomId.replace(/[^A-Za-z0-9-]/g, '')}`;

/** Max-Age of the seat cookie: a long evening's play. */
const COOKIE_MAX_AGE_S = 24 * 3600;

const roomPath = (roomId: string): string => `/api/rooms/${encodeURIComponent(roomId)}`;

export const seatCookie = (roomId: string, token: string): string => secretCookie(cookieName(roomId), token, { path: roomPath(roomId), maxAge: COOKIE_MAX_AGE_S });

/** The seat token a request presents: X-Seat-Token, else the room's cookie (never from another origin's page). */
export function presentedSeatToken(request: Request, roomId: string): string | null {
  const header = request.headers.get('x-seat-token');
  if (header) return header.trim();
  return trustedCookie(request, cookieName(roomId));
}

/** Removes the seat cookie (a player who left). */
export const clearedSeatCookie = (roomId: string): string => clearedCookie(cookieName(roomId), roomPath(roomId));
