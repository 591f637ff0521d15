import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@sira/shared';

/** The app's toasts (top centre, 5 s, dismissible — set on the provider). */
export const notify = {
  success: (message: string) => notifications.show({ color: 'teal', message, autoClose: TOAST_DURATION_MS }),
  error: (message: string, autoClose: number = TOAST_DURATION_MS) => notifications.show({ color: 'red', message, autoClose }),
  info: (message: string) => notifications.show({ color: 'blue', message, autoClose: TOAST_DURATION_MS }),
};
