import { createGlobalStyle } from 'styled-components';
import { fontStacks } from './fontStacks';
import { theme } from './theme';

/** Base document styles; render once at the root of an app (the shell, or a remote on its own). */
export const GlobalStyle = createGlobalStyle`
  ${fontStacks.body.fontFaces}
  ${fontStacks.heading.fontFaces}
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${theme.fonts.body};
    font-size: 16px;
    line-height: 1.55;
    color: ${theme.colors.text};
    background: ${theme.colors.background};
    -webkit-font-smoothing: antialiased;
  }
  h1, h2, h3, h4 { font-family: ${theme.fonts.heading}; line-height: 1.2; margin: 0; }
  p { margin: 0; }
  a { color: ${theme.colors.primary}; }
  img { max-width: 100%; display: block; }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
`;
