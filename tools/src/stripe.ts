import type { PartContext, RunningPart } from './parts';
import { nothingToStop, pickSet } from './parts';

/**
 * The slot for the local Stripe API emulator. The payments work adds the emulator here;
 * until then this part starts nothing and passes on a STRIPE_API_URL given by the environment.
 */
export async function startStripeEmulator({ env }: PartContext): Promise<RunningPart> {
  return { name: 'Stripe emulator', env: pickSet(env, ['STRIPE_API_URL']), stop: nothingToStop };
}
