import { AppError } from '@devhub/shared';

/** Bad command-line input: exit code 2 (ARCHITECTURE.md rule 3); shared by the three CLIs. */
export { BadArgument } from '@devhub/shared';

/** An operation that ran and failed (network, service manager, integrity): exit code 1. */
export class CommandFailed extends AppError {
  constructor(message: string, code = 'COMMAND_FAILED') {
    super(code, 500, message);
  }
}
