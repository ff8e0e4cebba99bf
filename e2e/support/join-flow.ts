import type { Locator } from 'playwright-core';

/** Fills the card step (the Stripe emulator's card element) with `number`, a future expiry and a CVC, and submits it. */
export async function enterCard(card: Locator, number: string): Promise<void> {
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiration date').fill('12 / 34');
  await card.getByLabel('CVC').fill('123');
  await card.getByRole('button', { name: 'Continue' }).click();
}
