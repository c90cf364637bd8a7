/**
 * The notices and confirmations of docs/console.md §5 and §8, with their exact texts and the 4-second duration of §9, on
 * Mantine's notifications and modals. Callers pass the English texts; they are shown in the user's language (a
 * gateway's message too, when the language file has it).
 */
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';

import { GatewayError } from '../../api/client';
import { translate } from '../../lib/i18n';

/** docs/console.md §9: notices last 4000 ms. */
export const NOTICE_MS = 4000;

export const CONFIRM_SAVE = 'Are you sure, you want to save the data in database ?';
/** The spelling users know (docs/console.md §5). */
export const CONFIRM_DELETE = 'Are you sure, you want to Delte the data in database ?';
export const CONFIRM_LOGOUT = 'Are you sure, you want to logout ?';
export const YOU_PRESSED_NO = 'You pressed No...';
export const THANK_YOU = 'Thank you for submitting your details';

/** Green success notice: "Submitted Successfully", "Updated Successfully", "Deleted Successfully". */
export function noticeSuccess(title: string): void {
  notifications.show({
    color: 'green',
    title: translate(title),
    message: translate(THANK_YOU),
    autoClose: NOTICE_MS,
  });
}

/** Red "Error" notice with the reply's message. */
export function noticeError(error: unknown): void {
  notifications.show({
    color: 'red',
    title: translate('Error'),
    message: errorMessage(error),
    autoClose: NOTICE_MS,
  });
}

/** A neutral notice: something the user did was stopped as they asked (an upload cancelled). */
export function noticeInfo(title: string, message: string): void {
  notifications.show({
    color: 'gray',
    title: translate(title),
    message: translate(message),
    autoClose: NOTICE_MS,
  });
}

/** The notice for answering No: "Submitting Details" or "Logout Denied", with "You pressed No...". */
export function noticeDeclined(title: 'Submitting Details' | 'Logout Denied'): void {
  notifications.show({
    color: 'gray',
    title: translate(title),
    message: translate(YOU_PRESSED_NO),
    autoClose: NOTICE_MS,
  });
}

export function errorMessage(error: unknown): string {
  if (error instanceof GatewayError) return translate(error.message);
  if (error instanceof Error) return translate(error.message);
  return String(error);
}

/** Asks a No/Yes question; resolves true on Yes. */
export function confirm(question: string): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: translate('Confirm'),
      children: translate(question),
      labels: { confirm: translate('Yes'), cancel: translate('No') },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
