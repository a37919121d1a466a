import { notifications } from '@mantine/notifications';
import { t } from '../i18n/id.ts';

/** Toast durations of spec section 9, in one place. */
export const NOTIFY_MS = {
  adminSuccess: 1500,
  participantSuccess: 2000,
  error: 2500,
} as const;

/** Who the message is for: admin actions close faster than participant flows. */
export type Audience = 'admin' | 'participant';

export function notifySuccess(message: string, options: { audience: Audience; title?: string }): void {
  notifications.show({
    title: options.title ?? t.notification.successTitle,
    message,
    color: 'green',
    autoClose: options.audience === 'admin' ? NOTIFY_MS.adminSuccess : NOTIFY_MS.participantSuccess,
  });
}

/** Something the user must complete first (e.g. an empty required field); stays like an error. */
export function notifyWarning(message: string, title: string): void {
  notifications.show({ title, message, color: 'yellow', autoClose: NOTIFY_MS.error });
}

export function notifyError(message: string, title: string = t.notification.errorTitle): void {
  notifications.show({ title, message, color: 'red', autoClose: NOTIFY_MS.error });
}
