/**
 * The Stripe emulator: a stateful stand-in for Stripe's API, its Stripe.js and its signed webhooks,
 * for machines without internet (docs/decisions.md, "Payments without Stripe's servers"). The local
 * stack starts it (`tools/src/stripe.ts`); front-end tests that pay get it through `jest-setup.ts`.
 */
export { startStripeEmulatorServer, type StripeEmulator } from './server';
export type { AccountKeys } from './state';
export type { Delivery } from './webhooks';
export { createStripeTestAccount, type StripeTestAccount } from './test-account';
