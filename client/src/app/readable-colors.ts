import { DEFAULT_THEME, mergeMantineTheme, type CSSVariablesResolver } from '@mantine/core';
import { contrastRatio, darkenToContrast, overWhite } from './contrast';
import { LIGHT_SHADE, theme } from './theme';

/**
 * The readable text colours of the light scheme (issue 26, point 12), computed here and written once to
 * readable-colors.css (`npm run theme:colors`), which main.tsx loads: the browser gets the values as CSS, not the
 * code that finds them, so the login page's JavaScript stays within its budget. theme.test.ts checks that the file
 * holds exactly what this computes.
 */
/** WCAG 2.1 AA for normal text, with a margin for the browser's rounding of blended backgrounds. */
const TEXT_CONTRAST = 4.6;

const WHITE = '#ffffff';
/** The darkest light grey text stands on (hovered and striped table rows, table headers: gray-1, gray-2). */
const LIGHT_GREY = DEFAULT_THEME.colors.gray[2];
/** The darkest grey dimmed text stands on (the track of a segmented control). */
const DIMMED_GROUND = DEFAULT_THEME.colors.gray[4];

/**
 * The light-scheme variables of one colour that carry text, each darkened only as far as AA needs (issue 26,
 * point 12): Mantine's defaults put shade 7 on its own 10-12% tint (indigo 4.3:1, teal 2.8:1) and white on
 * shade 7 (green 2.8:1).
 */
const readableColorVariables = (name: string, shades: readonly string[]): Record<string, string> => {
  const base = shades[LIGHT_SHADE]!;
  // A light tint over another (an avatar inside a hovered subtle button) reaches about 21% of the colour.
  const lightHover = overWhite(base, 0.22);
  const filled = darkenToContrast(base, WHITE, TEXT_CONTRAST);
  const filledHover = darkenToContrast(filled, WHITE, contrastRatio(filled, WHITE) + 0.8);
  const lightColor = darkenToContrast(base, lightHover, TEXT_CONTRAST);
  return {
    [`--mantine-color-${name}-text`]: darkenToContrast(base, LIGHT_GREY, TEXT_CONTRAST),
    [`--mantine-color-${name}-filled`]: filled,
    [`--mantine-color-${name}-filled-hover`]: filledHover,
    [`--mantine-color-${name}-light-color`]: lightColor,
    [`--mantine-color-${name}-outline`]: filled,
  };
};

/**
 * Text colours that pass WCAG 2.1 AA on the backgrounds they are drawn on, for every theme colour (badges, light
 * buttons, the active sidebar link, coloured text and links, on white and on light greys) and for dimmed and error
 * text. Passed to MantineProvider.
 */
const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    ...Object.fromEntries(Object.entries(resolved.colors).flatMap(([name, shades]) => Object.entries(readableColorVariables(name, shades)))),
    '--mantine-color-anchor': `var(--mantine-color-${resolved.primaryColor}-text)`,
    // Dimmed text also sits on a segmented control's grey track (about gray-3 to gray-4).
    '--mantine-color-dimmed': darkenToContrast(resolved.colors.gray[6], DIMMED_GROUND, TEXT_CONTRAST),
    '--mantine-color-error': darkenToContrast(resolved.colors.red[6], WHITE, TEXT_CONTRAST),
  },
  dark: {},
});

/** The light scheme's readable variables for the platform's theme. */
export const readableLightVariables = (): Record<string, string> =>
  cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme)).light as Record<string, string>;

/** The CSS file's text: the variables on the light scheme's root, above Mantine's own (a doubled :root). */
export const readableColorsCss = (variables: Record<string, string> = readableLightVariables()): string =>
  `/* Written by \`npm run theme:colors\` from client/src/app/readable-colors.ts: do not edit by hand. */\n:root:root[data-mantine-color-scheme='light'] {\n${Object.entries(variables)
    .map(([name, value]) => `  ${name}: ${value};`)
    .join('\n')}\n}\n`;
