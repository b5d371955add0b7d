import { notifications } from '@mantine/notifications';

/** Toasts appear at the top right for 6 s (set on <Notifications/>); password-reset toasts use 3 s. */
export const PASSWORD_RESET_TOAST_MS = 3000;

interface ToastOptions {
  title?: string;
  autoClose?: number;
}

export function toastSuccess(message: string, options: ToastOptions = {}) {
  notifications.show({ color: 'teal', message, withBorder: true, ...options });
}

export function toastError(message: string, options: ToastOptions = {}) {
  notifications.show({ color: 'red', message, withBorder: true, ...options });
}
