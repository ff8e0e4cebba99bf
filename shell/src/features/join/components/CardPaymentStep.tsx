import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  BILLING_COUNTRY,
  BILLING_POSTAL_CODE,
  Messages,
  PAYMENT_INTENT_RETRIES,
  PAYMENT_INTENT_RETRY_DELAY_MS,
  PaymentMessages,
  membershipPriceCents,
} from '@altmed/contracts/web';
import { ApiError, Button, SelectField, Spinner, TextField, theme, toast, useSession } from '@altmed/web-kit';
import { QueryProvider } from '@altmed/web-kit/src/query';
import { FormAlert } from '../../../components/FormAlert';
import { confirmPayment, createPaymentIntent, sendSubscriptionEmail, validatePromoCode } from '../api/payments';
import { loadCardPayments } from '../lib/loadCardPayments';

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

const PromoRow = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: end;
  gap: 10px;
`;

const Summary = styled.dl`
  margin: 0;
  padding: 14px 16px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceMuted};
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 6px 12px;
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .total {
    font-weight: 700;
    color: ${theme.colors.text};
  }
`;

const CardField = styled.div`
  display: grid;
  gap: 6px;
  > span {
    font-size: 14px;
    font-weight: 600;
  }
`;

const CardBox = styled.div`
  padding: 12px 14px;
  border-radius: ${theme.radii.md};
  border: 1.5px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  &:focus-within {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const CardError = styled.p`
  min-height: 1.2em;
  font-size: 13px;
  color: ${theme.colors.danger};
`;

const Pair = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 16px;
`;

const Status = styled.p`
  color: ${theme.colors.textMuted};
  font-size: 15px;
`;

const Actions = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
`;

const usd = (cents: number) => `${(cents / 100).toFixed(2)} USD`;

/** The Stripe id of the intent: its client secret up to the secret marker (SPEC §7). */
const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? clientSecret;

/** 400, 401 and 403 are final answers; anything else is tried twice more, 1 s and then 2 s later (SPEC §8, §9). */
function retryIntent(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && [400, 401, 403].includes(error.status)) return false;
  return failureCount < PAYMENT_INTENT_RETRIES;
}

export interface CardPaymentStepProps {
  onBack: () => void;
  onClose: () => void;
  /** Called after a successful payment: the flow closes (SPEC §4). */
  onPaid: () => void;
}

/**
 * Step 4 of the join flow, Credit Card Payment (SPEC §2, §4, §8): Stripe.js is loaded for the page
 * from the address the gateway names, then the form runs inside Stripe's Elements.
 */
export default function CardPaymentStep(props: CardPaymentStepProps) {
  return (
    <QueryProvider>
      <CardPayments {...props} />
    </QueryProvider>
  );
}

function CardPayments(props: CardPaymentStepProps) {
  const stripe = useQuery({ queryKey: ['card-payments'], queryFn: loadCardPayments, staleTime: Infinity, gcTime: Infinity, retry: false });
  if (stripe.isPending) return <Spinner label="Loading secure card entry" />;
  if (stripe.isError) {
    return (
      <>
        <FormAlert>{PaymentMessages.cardPaymentsUnavailable}</FormAlert>
        <Actions style={{ marginTop: 16 }}>
          <Button variant="ghost" onClick={props.onBack}>
            Back
          </Button>
          <Button variant="secondary" onClick={props.onClose}>
            Close
          </Button>
        </Actions>
      </>
    );
  }
  return (
    <Elements stripe={stripe.data}>
      <CardPaymentForm {...props} />
    </Elements>
  );
}

function CardPaymentForm({ onBack, onPaid }: CardPaymentStepProps) {
  const stripe = useStripe();
  const elements = useElements();
  const { token, user } = useSession();
  const [promoInput, setPromoInput] = useState('');
  const [promo, setPromo] = useState<{ code: string; discountPercentage: number } | null>(null);
  const [country, setCountry] = useState<string>(BILLING_COUNTRY);
  const [zip, setZip] = useState<string>(BILLING_POSTAL_CODE);
  const [cardError, setCardError] = useState('');
  const [cardComplete, setCardComplete] = useState(false);
  const [failure, setFailure] = useState<{ message: string; detail?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const discount = promo?.discountPercentage ?? 0;
  const amount = membershipPriceCents(discount);

  const intent = useQuery({
    queryKey: ['payment-intent', user?.id, promo?.code ?? '', amount],
    queryFn: () => createPaymentIntent({ amount, userId: user!.id, doctorId: null, promoCode: promo?.code ?? null }, token!),
    enabled: Boolean(token && user?.id),
    retry: retryIntent,
    retryDelay: (failureCount) => PAYMENT_INTENT_RETRY_DELAY_MS * (failureCount + 1),
    staleTime: Infinity,
    gcTime: 0,
  });

  const applyPromo = useMutation({
    mutationFn: (code: string) => validatePromoCode(code, token!),
    onSuccess: ({ discountPercentage }, code) => {
      setPromo({ code: code.trim().toUpperCase(), discountPercentage });
      setFailure(null);
      toast.success(PaymentMessages.promoApplied);
    },
    onError: (error) => {
      setPromo(null);
      toast.error(error instanceof ApiError ? error.message : Messages.invalidPromoCode);
    },
  });

  async function finish() {
    try {
      await sendSubscriptionEmail(user!.id, token!);
      toast.success(PaymentMessages.paymentSucceeded);
    } catch {
      toast.error(PaymentMessages.subscriptionEmailFailed);
    }
    onPaid();
  }

  // A 100 % code: nothing to charge, the server has activated the membership already.
  const settledWithoutCard = intent.data?.clientSecret === null && intent.data.message === Messages.paymentConfirmed;

  async function pay(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!token) return setFailure({ message: PaymentMessages.logInToPay });
    if (!user?.id) return setFailure({ message: PaymentMessages.userIdMissing });
    if (settledWithoutCard) return finish();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return setFailure({ message: PaymentMessages.elementsNotReady });
    const clientSecret = intent.data?.clientSecret;
    if (!clientSecret) {
      void intent.refetch();
      return setFailure({ message: PaymentMessages.intentRetrying });
    }

    setBusy(true);
    try {
      // Country and ZIP are shown, not sent: the billing address is fixed (SPEC §9).
      const method = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: { name: user.name, email: user.email, address: { country: BILLING_COUNTRY, postal_code: BILLING_POSTAL_CODE } },
      });
      if (method.error) return setFailure({ message: PaymentMessages.paymentFailed, detail: method.error.message });
      const paymentIntentId = intentIdOf(clientSecret);
      const reply = await confirmPayment(paymentIntentId, method.paymentMethod.id, token);
      if (reply.message === Messages.paymentConfirmed) return await finish();
      if (!reply.requiresAction) return setFailure({ message: PaymentMessages.paymentFailed });

      const authenticated = await stripe.confirmCardPayment(reply.clientSecret ?? clientSecret);
      if (authenticated.error) return setFailure({ message: PaymentMessages.failedAfterAuthentication, detail: authenticated.error.message });
      const afterAuthentication = await confirmPayment(paymentIntentId, method.paymentMethod.id, token);
      if (afterAuthentication.message === Messages.paymentConfirmed) return await finish();
      setFailure({ message: PaymentMessages.failedAfterAuthentication });
    } catch (error) {
      // A refused card is a 402 with the card issuer's reason; anything else did not reach a verdict.
      if (error instanceof ApiError && error.status === 402) setFailure({ message: PaymentMessages.paymentFailed, detail: error.message });
      else setFailure({ message: PaymentMessages.submissionFailed });
    } finally {
      setBusy(false);
    }
  }

  let intentStatus: string | null = null;
  if (intent.isError) {
    const error = intent.error;
    intentStatus = error instanceof ApiError && [400, 401, 403].includes(error.status) ? error.message : PaymentMessages.intentFailedAfterRetries;
  }
  const retrying = intent.isFetching && intent.failureCount > 0;

  return (
    <Form onSubmit={(event) => void pay(event)} noValidate>
      <PromoRow>
        <TextField label="Promo code" optional value={promoInput} onChange={(event) => setPromoInput(event.target.value)} autoComplete="off" maxLength={50} />
        <Button
          type="button"
          variant="ghost"
          disabled={!promoInput.trim() || applyPromo.isPending || busy}
          onClick={() => applyPromo.mutate(promoInput.trim())}
        >
          {applyPromo.isPending ? 'Applying...' : 'Apply'}
        </Button>
      </PromoRow>

      <Summary aria-label="Amount summary">
        <dt>Annual membership</dt>
        <dd>{usd(membershipPriceCents())}</dd>
        <dt>Discount{promo ? ` (${promo.code})` : ''}</dt>
        <dd>{discount}%</dd>
        <dt className="total">Total due today</dt>
        <dd className="total">{usd(amount)}</dd>
      </Summary>

      {settledWithoutCard ? (
        <Status role="status">Your promo code covers the whole year: no card is needed.</Status>
      ) : (
        <>
          <CardField>
            <span id="card-entry-label">Card details</span>
            <CardBox role="group" aria-labelledby="card-entry-label">
              <CardElement
                options={{
                  hidePostalCode: true,
                  style: { base: { fontSize: '16px', fontFamily: theme.fonts.deviceBody, color: theme.colors.text } },
                }}
                onChange={(change) => {
                  setCardError(change.error?.message ?? '');
                  setCardComplete(change.complete);
                }}
              />
            </CardBox>
            <CardError role="alert">{cardError}</CardError>
          </CardField>
          <Pair>
            <SelectField label="Country" value={country} onChange={(event) => setCountry(event.target.value)}>
              <option value="US">United States</option>
              <option value="CA">Canada</option>
              <option value="GB">United Kingdom</option>
            </SelectField>
            <TextField label="ZIP" value={zip} onChange={(event) => setZip(event.target.value)} autoComplete="postal-code" maxLength={10} />
          </Pair>
        </>
      )}

      {retrying ? <Status role="status">{PaymentMessages.intentRetrying}</Status> : null}
      {intentStatus ? <FormAlert key={intentStatus}>{intentStatus}</FormAlert> : null}
      {failure ? (
        <FormAlert key={`${failure.message}:${failure.detail ?? ''}`}>
          {failure.message}
          {failure.detail ? <span style={{ display: 'block', fontWeight: 400 }}>{failure.detail}</span> : null}
        </FormAlert>
      ) : null}

      <Actions>
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button type="submit" variant="secondary" disabled={busy || intent.isPending || (!settledWithoutCard && !cardComplete)}>
          {busy ? 'Processing...' : 'Continue'}
        </Button>
      </Actions>
    </Form>
  );
}
