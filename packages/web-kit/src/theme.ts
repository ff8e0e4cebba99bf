import { fontStacks } from './fontStacks';

/**
 * Design tokens shared by the shell and every remote. Components in this kit read the tokens
 * directly (not through styled-components' ThemeProvider) so a remote renders correctly even when
 * it is mounted outside the shell's providers; `theme` is still exported for ThemeProvider users.
 */
export const MOBILE_BREAKPOINT_PX = 768;

export const theme = {
  colors: {
    primary: '#1f5f5b',
    primaryDark: '#154542',
    primarySoft: '#e4efed',
    /** Text and buttons: white on it, and it on the light backgrounds, reach 4.5:1 (WCAG AA). */
    accent: '#a3521f',
    /** The brand's light orange, for shapes and illustration only, never for text. */
    accentBright: '#d9824b',
    accentSoft: '#fbeee4',
    background: '#f7f5f0',
    surface: '#ffffff',
    surfaceMuted: '#f1eee7',
    text: '#1d2b2a',
    textMuted: '#5b6b69',
    border: '#dcd8cf',
    danger: '#b3261e',
    dangerSoft: '#fdecea',
    success: '#2e7d4f',
    successSoft: '#e6f4ec',
    focus: '#2f7f79',
  },
  fonts: {
    /** Source Sans 3 and Source Serif 4 are bundled by the shell (@fontsource, latin, font-display: swap); see fontStacks. */
    body: `${fontStacks.body.fontFamily}, sans-serif`,
    heading: `${fontStacks.heading.fontFamily}, serif`,
    /** Fonts the device has, for frames the page's fonts do not reach (Stripe's card field). */
    deviceBody: "'Segoe UI', 'Helvetica Neue', Arial, Roboto, system-ui, sans-serif",
  },
  radii: { sm: '6px', md: '10px', lg: '16px', xl: '24px', pill: '999px' },
  shadows: {
    sm: '0 1px 2px rgba(29, 43, 42, 0.06), 0 1px 3px rgba(29, 43, 42, 0.08)',
    md: '0 4px 12px rgba(29, 43, 42, 0.08), 0 2px 4px rgba(29, 43, 42, 0.05)',
    lg: '0 18px 40px rgba(29, 43, 42, 0.14)',
  },
  space: (n: number): string => `${n * 4}px`,
  /** Media query for screens narrower than the 768px breakpoint (SPEC §9). */
  mobile: `@media (max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`,
  /** Media query for screens at least as wide as the 768px breakpoint. */
  wide: `@media (min-width: ${MOBILE_BREAKPOINT_PX}px)`,
  maxContentWidth: '1160px',
} as const;

export type Theme = typeof theme;
