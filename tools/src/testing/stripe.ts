export { createStripeTestAccount, type StripeTestAccount } from '@altmed/stripe-emulator';
export { startStripeMock, type RunningStripeMock } from '../stripe-mock';
