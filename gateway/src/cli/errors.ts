import { AppError } from '@devhub/shared';

/** `server start` while one runs: exit 1 through the CLI runner. */
export class AlreadyRunning extends AppError {
  constructor(pid: number) {
    super('ALREADY_RUNNING', 409, `agentgw server is already running (PID ${pid}); stop it with: agentgw server stop`, { pid });
  }
}

/** The server could not listen or start the gateway: exit 1 through the CLI runner. */
export class StartFailed extends AppError {
  constructor(reason: string) {
    super('START_FAILED', 500, `cannot start: ${reason}`);
  }
}
