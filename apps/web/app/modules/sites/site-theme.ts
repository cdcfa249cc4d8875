import { darken, lighten, mergeThemeOverrides, createTheme, parseThemeColor, type MantineColorsTuple, type MantineThemeOverride, type VariantColorsResolver } from '@mantine/core';
import type { TSite } from '@nj/contracts/sites/schemas';

/**
 * The product's theme in a branded site's colours (spec 03 §2 'Branded sites', §9; issue 15): the brand palette
 * made around the site's primary colour (shade 7, the one buttons use) and filled buttons of the brand with the
 * text colour of the brightness rule (black above 180, else white: TSite.text_on_primary). Returns `base` itself
 * on the product's own host (site null).
 */
export function siteTheme(base: MantineThemeOverride, site: Pick<TSite, 'color_primary' | 'text_on_primary'> | null): MantineThemeOverride {
  if (!site) return base;
  const primary = site.color_primary;
  const shades = [0.92, 0.8, 0.66, 0.52, 0.38, 0.24, 0.1].map((amount) => lighten(primary, amount));
  const brand = [...shades, primary, darken(primary, 0.12), darken(primary, 0.24)] as unknown as MantineColorsTuple;
  const inner = base.variantColorResolver;
  const variantColorResolver: VariantColorsResolver = (input) => {
    const colors = inner!(input);
    const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
    if (input.variant !== 'filled' || parsed.color !== 'brand') return colors;
    return { ...colors, background: primary, hover: darken(primary, 0.1), color: site.text_on_primary };
  };
  return mergeThemeOverrides(base, createTheme({ colors: { brand }, variantColorResolver }));
}

/**
 * CSS variables of the site's colours for the page's own styles (navigation bar, footer): --nj-site-primary,
 * --nj-site-on-primary, --nj-site-secondary, --nj-site-on-secondary. Empty on the product's host.
 */
export function siteCssVariables(site: TSite | null): Record<string, string> {
  if (!site) return {};
  return {
    '--nj-site-primary': site.color_primary, '--nj-site-on-primary': site.text_on_primary,
    '--nj-site-secondary': site.color_secondary, '--nj-site-on-secondary': site.text_on_secondary,
  };
}
