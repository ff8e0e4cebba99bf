/** The admin area's pages as journeys use them: logging in through the admin login, and the charts' tables. */
import type { Page } from 'playwright-core';
import { E2E_ADMIN, url } from './browser';

/** Logs the e2e administrator in through /admin/login; the page then shows Provider Management. */
export async function logInAsAdmin(page: Page): Promise<void> {
  await page.goto(url('/admin/login'));
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByLabel('Password').press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Provider Management' }).waitFor();
}

/** A chart of the admin pages: its figure, drawing, and the rows of its "Show as table" table (week label, then the values). */
export function chart(page: Page, title: string) {
  const figure = page.getByRole('figure', { name: title });
  return {
    figure,
    drawing: figure.getByRole('img'),
    async rows(): Promise<string[][]> {
      await figure.getByText('Show as table').click();
      const table = figure.getByRole('table', { name: title });
      await table.waitFor();
      return table
        .getByRole('row')
        .evaluateAll((rows) => rows.slice(1).map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? '')));
    },
  };
}

/** "$1,234.56" as cents. */
export const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);
