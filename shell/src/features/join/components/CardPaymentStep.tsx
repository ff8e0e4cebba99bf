import { Elements } from '@stripe/react-stripe-js';
import { useQuery } from '@tanstack/react-query';
import { PaymentMessages } from '@altmed/contracts/web';
import { Button, Spinner } from '@altmed/web-kit';
import { QueryProvider } from '@altmed/web-kit/src/query';
import { FormAlert } from '../../../components/FormAlert';
import { loadCardPayments } from '../lib/loadCardPayments';
import { CardPaymentForm } from './CardPaymentForm';
import { StepActions } from './StepActions';

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

function CardPayments({ onBack, onClose, onPaid }: CardPaymentStepProps) {
  const stripe = useQuery({ queryKey: ['card-payments'], queryFn: loadCardPayments, staleTime: Infinity, gcTime: Infinity, retry: false });
  if (stripe.isPending) return <Spinner label="Loading secure card entry" />;
  if (stripe.isError) {
    return (
      <>
        <FormAlert>{PaymentMessages.cardPaymentsUnavailable}</FormAlert>
        <StepActions style={{ marginTop: 16 }}>
          <Button variant="ghost" onClick={onBack}>
            Back
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </StepActions>
      </>
    );
  }
  return (
    <Elements stripe={stripe.data}>
      <CardPaymentForm onBack={onBack} onPaid={onPaid} />
    </Elements>
  );
}
