import { z } from 'zod';
import type { Caller } from './caller';
import { authenticatePaymentIntent } from './payment-intents';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const challengeQuery = z.object({ client_secret: z.string().default(''), return_url: z.string().default('') });

/** The page a `redirect_to_url` next action sends the cardholder to: "Complete" or "Fail" the authentication. */
export function challengePage(intentId: string, query: unknown): string {
  const { client_secret, return_url } = challengeQuery.parse(query);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>3D Secure authentication (Stripe emulator)</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
<main>
<h1>3D Secure authentication</h1>
<p>Local Stripe emulator: complete or fail the authentication of payment ${escapeHtml(intentId)}.</p>
<form method="post" action="/emulator/3ds/${encodeURIComponent(intentId)}">
<input type="hidden" name="client_secret" value="${escapeHtml(client_secret)}">
<input type="hidden" name="return_url" value="${escapeHtml(return_url)}">
<button type="submit" name="result" value="complete">Complete</button>
<button type="submit" name="result" value="fail">Fail</button>
</form>
</main>
</body>
</html>`;
}

const challengeForm = z.object({ client_secret: z.string(), return_url: z.string().default(''), result: z.string() });

/** Resolves the challenge and answers where to send the browser: the return URL with Stripe's query parameters. */
export function finishChallenge(caller: Caller, intentId: string, form: unknown): string {
  const { client_secret, return_url, result } = challengeForm.parse(form);
  const intent = authenticatePaymentIntent(caller, intentId, { client_secret, result });
  if (!return_url) return `/emulator/3ds/${encodeURIComponent(intentId)}/done`;
  const target = new URL(return_url);
  target.searchParams.set('payment_intent', intent.id);
  target.searchParams.set('payment_intent_client_secret', intent.client_secret);
  target.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
  return target.toString();
}
