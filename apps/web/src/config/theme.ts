import { createTheme } from '@mantine/core';

const font = "'IBM Plex Sans Arabic', 'Segoe UI', Tahoma, sans-serif";

export const theme = createTheme({
  fontFamily: font,
  headings: { fontFamily: font, fontWeight: '700' },
  primaryColor: 'teal',
  // Teal 8 on white passes WCAG AA for text and buttons.
  primaryShade: 8,
  defaultRadius: 'md',
});
