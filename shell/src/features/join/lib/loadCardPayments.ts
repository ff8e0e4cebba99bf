import type { Stripe } from '@stripe/stripe-js';
import { getPaymentConfig } from '../api/payments';

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`Stripe.js could not be loaded from ${src}`));
    });
    document.head.appendChild(script);
  });
}

/**
 * Stripe.js from the address the gateway names (Stripe's own, or locally the Stripe emulator's
 * stand-in), then Stripe for the publishable key. The script is added here rather than by
 * `@stripe/stripe-js`, whose loader knows only js.stripe.com; its `pure` entry then finds
 * `window.Stripe` and adds nothing. The card step loads it once per page (a query without expiry).
 */
export async function loadCardPayments(): Promise<Stripe> {
  const { stripe } = await getPaymentConfig();
  if (!stripe) throw new Error('Card payments are not configured (no Stripe publishable key)');
  if (!window.Stripe) await loadScript(stripe.scriptUrl);
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const instance = await loadStripe(stripe.publishableKey);
  if (!instance) throw new Error('Stripe.js did not start');
  return instance;
}
