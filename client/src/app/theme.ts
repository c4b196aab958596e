import { createTheme, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';
import { contrastRatio, darkenToContrast, overWhite } from './contrast';

const fontFamily =
  "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** The shade of every colour's filled, light and outline variants in the light scheme. */
const LIGHT_SHADE = 7;

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: LIGHT_SHADE, dark: 5 },
  fontFamily,
  headings: { fontFamily, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // Mantine puts a focusable placeholder div inside role="menu", which may hold only menu items (axe
    // aria-required-children); without it the first item takes the focus, as in the ARIA menu pattern.
    // The × of a dialog or drawer is an icon: a dialog that forgets to name it still gets "Chiudi" (axe button-name).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Chiudi' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Chiudi' } } },
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A spinner is named ("Caricamento della chat") and an aria-label needs a role on a span (axe aria-prohibited-attr).
    Loader: { defaultProps: { role: 'status' } },
  },
});

/** WCAG 2.1 AA for normal text, with a margin for the browser's rounding of blended backgrounds. */
const TEXT_CONTRAST = 4.6;

const WHITE = '#ffffff';
/** The darkest light grey text stands on (hovered and striped table rows, table headers: gray-1, gray-2). */
const LIGHT_GREY = DEFAULT_THEME.colors.gray[2];

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
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    ...Object.fromEntries(Object.entries(resolved.colors).flatMap(([name, shades]) => Object.entries(readableColorVariables(name, shades)))),
    '--mantine-color-anchor': `var(--mantine-color-${resolved.primaryColor}-text)`,
    '--mantine-color-dimmed': darkenToContrast(resolved.colors.gray[6], LIGHT_GREY, TEXT_CONTRAST),
    '--mantine-color-error': darkenToContrast(resolved.colors.red[6], WHITE, TEXT_CONTRAST),
  },
  dark: {},
});
