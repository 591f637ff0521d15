import { Anchor, type CSSVariablesResolver, createTheme, darken, luminance, Notification } from '@mantine/core';

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

const contrast = (a: string, b: string) => {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
};

/**
 * The light variant (alerts, their titles, light buttons and badges): Mantine puts a colour's shade 9 on its
 * shade 1, which reads at 4.3:1 for teal and 2.7:1 for yellow — under WCAG AA's 4.5:1. Here the background is
 * shade 0 (shade 1 on hover), and the text shade 9, darkened where needed until it reads at 4.5:1 on either.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(t.colors)) {
    const [background, hover] = [shades[0], shades[1]];
    let text = shades[9];
    for (let step = 1; contrast(text, hover) < 4.5 && step <= 9; step++) text = darken(shades[9], step / 10);
    light[`--mantine-color-${name}-light`] = background;
    light[`--mantine-color-${name}-light-hover`] = hover;
    light[`--mantine-color-${name}-light-color`] = text;
  }
  return { variables: {}, light, dark: {} };
};
