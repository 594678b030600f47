import { ProxyError } from '../../upstream/errors';

export class NotFoundModel extends ProxyError {
  constructor(id: string) {
    super('model_not_found', 404, `model "${id}" is not one the routes list (any name may still be sent: routes match it by regex)`);
  }
}
