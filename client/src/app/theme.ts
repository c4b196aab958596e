import { createTheme } from '@mantine/core';

const fontFamily =
  "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** The shade of every colour's filled, light and outline variants in the light scheme. */
export const LIGHT_SHADE = 7;

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
