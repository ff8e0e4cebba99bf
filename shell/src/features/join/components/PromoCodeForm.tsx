import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { Messages, PaymentMessages } from '@altmed/contracts/web';
import { ApiError, Button, TextField, toast, useSession } from '@altmed/web-kit';
import { validatePromoCode } from '../api/payments';
import type { AppliedPromo } from '../hooks/usePaymentIntent';

const PromoRow = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: end;
  gap: 10px;
`;

export interface PromoCodeFormProps {
  /** While a payment is under way. */
  disabled: boolean;
  /** The code checks out (null: it does not, and no code applies). */
  onChange: (promo: AppliedPromo | null) => void;
}

/** The card step's promo code: Apply asks the server about it, and a toast says what it answered (SPEC §8). */
export function PromoCodeForm({ disabled, onChange }: PromoCodeFormProps) {
  const { token } = useSession();
  const [input, setInput] = useState('');
  const apply = useMutation({
    mutationFn: (code: string) => validatePromoCode(code, token!),
    onSuccess: ({ discountPercentage }, code) => {
      onChange({ code: code.trim().toUpperCase(), discountPercentage });
      toast.success(PaymentMessages.promoApplied);
    },
    onError: (error) => {
      onChange(null);
      toast.error(error instanceof ApiError ? error.message : Messages.invalidPromoCode);
    },
  });

  return (
    <PromoRow>
      <TextField label="Promo code" optional value={input} onChange={(event) => setInput(event.target.value)} autoComplete="off" maxLength={50} />
      <Button type="button" variant="ghost" disabled={!input.trim() || apply.isPending || disabled} onClick={() => apply.mutate(input.trim())}>
        {apply.isPending ? 'Applying...' : 'Apply'}
      </Button>
    </PromoRow>
  );
}
