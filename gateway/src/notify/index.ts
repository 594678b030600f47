export { NotifyService, notificationOf } from './service';
export { Notification, NotifyEventKind, WebhookTarget } from './model';
