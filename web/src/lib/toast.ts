import { notifications } from '@mantine/notifications';

/** SPEC §8: success alerts stay 3 seconds, error alerts 6 seconds. */
const TOAST_SUCCESS_MS = 3000;
const TOAST_ERROR_MS = 6000;

export const toast = {
  success(message: string): void {
    notifications.show({ message, color: 'teal', autoClose: TOAST_SUCCESS_MS });
  },
  /** `detail` adds what to do next under the message. */
  error(message: string, detail?: string): void {
    notifications.show({
      title: detail ? message : undefined,
      message: detail ?? message,
      color: 'red',
      autoClose: TOAST_ERROR_MS,
    });
  },
};
