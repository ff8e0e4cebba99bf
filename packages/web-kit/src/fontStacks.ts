import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import georgia from '@capsizecss/metrics/georgia';
import notoSerif from '@capsizecss/metrics/notoSerif';
import roboto from '@capsizecss/metrics/roboto';
import sourceSans3 from '@capsizecss/metrics/sourceSans3';
import sourceSerif4 from '@capsizecss/metrics/sourceSerif4';

/**
 * DejaVu, the usual sans and serif of Linux desktops, is not in Capsize's collection: these are its
 * regular faces' metrics, read with @capsizecss/unpack from DejaVu 2.37 (Debian's fonts-dejavu-core).
 */
const dejaVuSans = {
  familyName: 'DejaVu Sans',
  fullName: 'DejaVu Sans',
  postscriptName: 'DejaVuSans',
  ascent: 1901,
  descent: -483,
  lineGap: 0,
  unitsPerEm: 2048,
  xWidthAvg: 1041,
};
const dejaVuSerif = {
  familyName: 'DejaVu Serif',
  fullName: 'DejaVu Serif',
  postscriptName: 'DejaVuSerif',
  ascent: 1901,
  descent: -483,
  lineGap: 0,
  unitsPerEm: 2048,
  xWidthAvg: 1058,
};

/**
 * The site's two font stacks. Until the web font arrives (font-display: swap) text shows in a
 * local font scaled to the web font's width and line metrics (`size-adjust`, `ascent-override`),
 * so the swap does not move the page: Arial or Georgia on Windows, macOS and iPhones, Roboto or
 * Noto Serif on Android, DejaVu on Linux. `fontFamily` is the CSS value (theme.fonts); `fontFaces`
 * the fallbacks' @font-face rules, which GlobalStyle adds.
 */
export const fontStacks = {
  body: createFontStack([sourceSans3, arial, roboto, dejaVuSans]),
  heading: createFontStack([sourceSerif4, georgia, notoSerif, dejaVuSerif]),
};
