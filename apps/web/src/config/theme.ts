import { Anchor, createTheme, Notification } from '@mantine/core';

const font = "'IBM Plex Sans Arabic', 'Segoe UI', Tahoma, sans-serif";

export const theme = createTheme({
  fontFamily: font,
  headings: { fontFamily: font, fontWeight: '700' },
  primaryColor: 'teal',
  // Teal 9 under white text (and as text on white) passes WCAG AA at every size.
  primaryShade: 9,
  defaultRadius: 'md',
  // Dialogs and toasts appear without animation for people who ask for reduced motion.
  respectReducedMotion: true,
  components: {
    // Teal 9 keeps links at 4.5:1 or better on white and on the light teal backgrounds.
    Anchor: Anchor.extend({ defaultProps: { c: 'teal.9' } }),
    // Every toast's close button has an Arabic name, whoever shows the toast.
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'إغلاق الإشعار' } } }),
  },
});
