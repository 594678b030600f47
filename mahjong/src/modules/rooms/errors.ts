import { AppError } from '@devhub/shared';

export class RoomNotFound extends AppError {
  constructor(id: string) {
    super('ROOM_NOT_FOUND', 404, `room ${JSON.stringify(id)} not found (it ended long ago, or the link is wrong)`);
  }
}

export class TooManyRooms extends AppError {
  constructor(max: number) {
    super('TOO_MANY_ROOMS', 429, `this server holds ${max} rooms already; try again later`);
  }
}

export class RoomBusy extends AppError {
  constructor(id: string) {
    super('ROOM_BUSY', 503, `room ${id} is held by another request for too long; try again`);
  }
}

/** A seat that cannot be taken (409), or a name that cannot be used (422 NAME_INVALID). */
export class SeatRefused extends AppError {
  constructor(code: string, message: string) {
    super(code, code === 'NAME_INVALID' ? 422 : 409, message);
  }
}

export class RoomState extends AppError {
  constructor(message: string) {
    super('ROOM_STATE', 409, message);
  }
}

export class SeatTokenRequired extends AppError {
  constructor(what: string) {
    super('SEAT_TOKEN_REQUIRED', 401, `${what} needs your seat token (the room's cookie, or X-Seat-Token)`);
  }
}

export class WrongSeatToken extends AppError {
  constructor() {
    super('WRONG_SEAT_TOKEN', 403, 'that seat token belongs to no seat of this room');
  }
}

export class RoomResultNotFound extends AppError {
  constructor(id: string) {
    super('GAME_NOT_FOUND', 404, `no finished room game ${JSON.stringify(id)}`);
  }
}
