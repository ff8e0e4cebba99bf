import { toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export interface RenderedEmail {
  html: string;
  text: string;
}

const XHTML_DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Renders one email component to its HTML part and the plain-text part derived from the same markup.
 * React's synchronous renderer, not `render` of @react-email/render: that one loads react-dom/server
 * with a dynamic import, which jest's CommonJS sandbox cannot run; our emails never suspend.
 */
export function renderEmail(email: ReactElement): RenderedEmail {
  const html = XHTML_DOCTYPE + renderToStaticMarkup(email);
  return { html, text: toPlainText(html) };
}
