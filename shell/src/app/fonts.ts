import { createGlobalStyle } from 'styled-components';
import sans400 from '@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff2';
import sans600 from '@fontsource/source-sans-3/files/source-sans-3-latin-600-normal.woff2';
import serif600 from '@fontsource/source-serif-4/files/source-serif-4-latin-600-normal.woff2';

/** The latin subset only: the site is in English. */
const LATIN =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

const face = (family: string, weight: number, url: string) => `
  @font-face {
    font-family: '${family}';
    font-style: normal;
    font-weight: ${weight};
    font-display: swap;
    src: url(${url}) format('woff2');
    unicode-range: ${LATIN};
  }
`;

/**
 * The site's bundled web fonts (theme.fonts): Source Sans 3 for text (400, and 600 for everything
 * bolder) and Source Serif 4 for headings. font-display: swap shows text at once in a local font
 * scaled to match (web-kit's fontStacks), so the files are not preloaded: the start-up scripts
 * have the first bytes to themselves.
 */
export const FontFaces = createGlobalStyle`
  ${face('Source Sans 3', 400, sans400)}
  ${face('Source Sans 3', 600, sans600)}
  ${face('Source Serif 4', 600, serif600)}
`;
