import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@sira/shared';
import { withLtrRuns } from '~/components/ui/ltr-runs';

/** Every toast's close button has an Arabic name, for screen readers and axe alike. */
const closeButtonProps = { 'aria-label': 'إغلاق الإشعار' };

/** The app's toasts (top centre, 5 s, dismissible — set on the provider). */
export const notify = {
  success: (message: string) =>
    notifications.show({ color: 'teal', message: withLtrRuns(message), autoClose: TOAST_DURATION_MS, closeButtonProps }),
  /** `id`: a toast that two paths may raise for one event (a loader and an effect) is shown once. */
  error: (message: string, autoClose: number = TOAST_DURATION_MS, id?: string) =>
    notifications.show({ color: 'red', message: withLtrRuns(message), autoClose, closeButtonProps, ...(id ? { id } : {}) }),
  info: (message: string) =>
    notifications.show({ color: 'blue', message: withLtrRuns(message), autoClose: TOAST_DURATION_MS, closeButtonProps }),
  /** `autoClose: false`: a warning with a list to read stays until it is closed. */
  warning: (message: string, autoClose: number | false = TOAST_DURATION_MS) =>
    notifications.show({ color: 'yellow', message: withLtrRuns(message), autoClose, closeButtonProps }),
};
