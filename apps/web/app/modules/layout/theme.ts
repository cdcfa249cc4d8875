import { createTheme, darken, Loader, defaultVariantColorsResolver, parseThemeColor, type VariantColorsResolver } from '@mantine/core';

/**
 * Mantine's colours, except the 'light' variant (badges, light buttons, alerts): its text is the colour darkened
 * by 45 %, so yellow or teal text on its pale background reaches 4.5:1 (WCAG AA; axe color-contrast, issue 9 §7).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor && !parsed.value.startsWith('#')) return colors;
  const text = darken(parsed.value, 0.45);
  return { ...colors, color: text, hoverColor: text };
};

/** The product's look: one brand colour, rounded corners, system fonts (no font download, works offline). */
export const theme = createTheme({
  primaryColor: 'brand',
  colors: {
    // Shade 7 (buttons, links) is dark enough for white text and for text on white: 4.8:1 (WCAG AA).
    brand: ['#e6f6f4', '#cdebe7', '#9cd7cf', '#67c2b5', '#3daf9f', '#24a291', '#129c8a', '#00806f', '#00796a', '#00695b'],
  },
  primaryShade: 7,
  variantColorResolver,
  components: {
    // A loader is a status: its aria-label ('Cargando…') is then allowed and read (axe aria-prohibited-attr).
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});
