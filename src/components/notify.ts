import { notifications, type NotificationData } from '@mantine/notifications';
import { t } from '../i18n/id.ts';
import { markToastRaised } from './toast-host.ts';

/** Toast durations of spec section 9, in one place. */
export const NOTIFY_MS = {
  adminSuccess: 1500,
  participantSuccess: 2000,
  error: 2500,
} as const;

/** Who the message is for: admin actions close faster than participant flows. */
export type Audience = 'admin' | 'participant';

/** Every toast goes through here: the container is mounted on the first one. */
function show(data: NotificationData): void {
  markToastRaised();
  notifications.show(data);
}

export function notifySuccess(message: string, options: { audience: Audience; title?: string }): void {
  show({
    title: options.title ?? t.notification.successTitle,
    message,
    color: 'green',
    autoClose: options.audience === 'admin' ? NOTIFY_MS.adminSuccess : NOTIFY_MS.participantSuccess,
  });
}

/** Something the user must complete first (e.g. an empty required field); stays like an error. */
export function notifyWarning(message: string, title: string): void {
  show({ title, message, color: 'yellow', autoClose: NOTIFY_MS.error });
}

export function notifyError(message: string, title: string = t.notification.errorTitle): void {
  show({ title, message, color: 'red', autoClose: NOTIFY_MS.error });
}

/** A neutral note that something did not happen (e.g. a cancelled rejection). */
export function notifyInfo(message: string, options: { audience: Audience }): void {
  show({ message, color: 'gray', autoClose: options.audience === 'admin' ? NOTIFY_MS.adminSuccess : NOTIFY_MS.participantSuccess });
}
