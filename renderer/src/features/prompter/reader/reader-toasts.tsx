import { CloseButton, Group, Text } from '@mantine/core';
import { notifications, useNotifications } from '@mantine/notifications';
import { useEffect } from 'react';
import classes from './full-screen-reader.module.css';

/** Set on <html> while the full-screen reader is open: the floating toasts are hidden (the CSS). */
export const READER_TOASTS_ATTR = 'data-prompter-full-screen';

/**
 * Toasts in the full-screen reader's bottom bar instead of over the script (issue 38, point 11):
 * a toast floating over the text hides the line the talent is reading. While the reader is open
 * the app's floating toasts are hidden and the one on screen is shown here, in its colour, with
 * the same close; it goes when the toast would have (same store, same timer).
 */
export function ReaderToasts() {
  const { notifications: shown } = useNotifications();
  useEffect(() => {
    document.documentElement.setAttribute(READER_TOASTS_ATTR, '');
    return () => document.documentElement.removeAttribute(READER_TOASTS_ATTR);
  }, []);
  return (
    // Polite: the OnAirAnnouncer in the reader already speaks what went on air.
    <div className={classes.toasts} role="status" aria-live="polite" data-testid="prompter-toast">
      {shown.map((toast) => (
        <Group key={toast.id} gap={6} wrap="nowrap" className={classes.toast} data-color={toast.color ?? 'blue'}>
          <Text size="sm" fw={700} span>
            {toast.title}
          </Text>
          <Text size="sm" span className={classes.toastMessage}>
            {toast.message}
          </Text>
          <CloseButton
            size="sm"
            variant="transparent"
            aria-label="Close message"
            onClick={() => toast.id && notifications.hide(toast.id)}
          />
        </Group>
      ))}
    </div>
  );
}
