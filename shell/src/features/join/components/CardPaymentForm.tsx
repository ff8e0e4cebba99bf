import { useState } from 'react';
import styled from 'styled-components';
import { PaymentMessages } from '@altmed/contracts/web';
import { Button, theme } from '@altmed/web-kit';
import { FormAlert } from '../../../components/FormAlert';
import { useCardPayment } from '../hooks/useCardPayment';
import { usePaymentIntent, type AppliedPromo } from '../hooks/usePaymentIntent';
import { AmountSummary } from './AmountSummary';
import { CardEntry } from './CardEntry';
import { PromoCodeForm } from './PromoCodeForm';
import { StepActions } from './StepActions';

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

const Status = styled.p`
  color: ${theme.colors.textMuted};
  font-size: 15px;
`;

export interface CardPaymentFormProps {
  onBack: () => void;
  /** Called after a successful payment: the flow closes (SPEC §4). */
  onPaid: () => void;
}

/** The card step's form inside Stripe's Elements: promo code, amount, card, and what went wrong. */
export function CardPaymentForm({ onBack, onPaid }: CardPaymentFormProps) {
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [cardComplete, setCardComplete] = useState(false);
  const intent = usePaymentIntent(promo);
  const payment = useCardPayment(intent, onPaid);

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void payment.pay();
      }}
      noValidate
    >
      <PromoCodeForm
        disabled={payment.busy}
        onChange={(applied) => {
          setPromo(applied);
          if (applied) payment.clearFailure();
        }}
      />
      <AmountSummary promo={promo} />

      {intent.settledWithoutCard ? (
        <Status role="status">Your promo code covers the whole year: no card is needed.</Status>
      ) : (
        <CardEntry onComplete={setCardComplete} />
      )}

      {intent.retrying ? <Status role="status">{PaymentMessages.intentRetrying}</Status> : null}
      {intent.failure ? <FormAlert key={intent.failure}>{intent.failure}</FormAlert> : null}
      {payment.failure ? (
        <FormAlert key={`${payment.failure.message}:${payment.failure.detail ?? ''}`}>
          {payment.failure.message}
          {payment.failure.detail ? <span style={{ display: 'block', fontWeight: 400 }}>{payment.failure.detail}</span> : null}
        </FormAlert>
      ) : null}

      <StepActions>
        <Button variant="ghost" onClick={onBack} disabled={payment.busy}>
          Back
        </Button>
        <Button type="submit" variant="secondary" disabled={payment.busy || intent.pending || (!intent.settledWithoutCard && !cardComplete)}>
          {payment.busy ? 'Processing...' : 'Continue'}
        </Button>
      </StepActions>
    </Form>
  );
}
