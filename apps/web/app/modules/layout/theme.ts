import { createTheme } from '@mantine/core';

/** The product's look: one brand colour, rounded corners, system fonts (no font download, works offline). */
export const theme = createTheme({
  primaryColor: 'brand',
  colors: {
    // Shade 7 (buttons, links) is dark enough for white text and for text on white: 4.8:1 (WCAG AA).
    brand: ['#e6f6f4', '#cdebe7', '#9cd7cf', '#67c2b5', '#3daf9f', '#24a291', '#129c8a', '#00806f', '#00796a', '#00695b'],
  },
  primaryShade: 7,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});
