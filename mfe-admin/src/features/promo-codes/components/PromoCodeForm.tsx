import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PROMO_DISCOUNT_MAX, PROMO_DISCOUNT_MIN } from '@altmed/contracts/web';
import { Button, Card, TextField, theme } from '@altmed/web-kit';
import type { NewPromoCode } from '../api/promoCodes';

const Form = styled.form`
  display: grid;
  grid-template-columns: 1fr 1fr 1fr auto;
  align-items: start;
  gap: 16px;
  ${theme.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Submit = styled.div`
  padding-top: 27px;
  ${theme.mobile} {
    padding-top: 0;
  }
`;

export function validatePromo(code: string, discount: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!code.trim()) errors.code = 'Code is required';
  const value = Number(discount);
  if (discount.trim() === '' || !Number.isFinite(value) || value < PROMO_DISCOUNT_MIN || value > PROMO_DISCOUNT_MAX) {
    errors.discountPercentage = `Enter a discount from ${PROMO_DISCOUNT_MIN} to ${PROMO_DISCOUNT_MAX}`;
  }
  return errors;
}

export interface PromoCodeFormProps {
  onCreate: (promo: NewPromoCode) => Promise<boolean>;
}

/** Create form: code, discountPercentage (1–100), optional expiry; "Creating..." while sending. */
export function PromoCodeForm({ onCreate }: PromoCodeFormProps) {
  const [code, setCode] = useState('');
  const [discount, setDiscount] = useState('');
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [creating, setCreating] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validatePromo(code, discount);
    setErrors(found);
    if (Object.keys(found).length) return;
    setCreating(true);
    const created = await onCreate({ code: code.trim(), discountPercentage: Number(discount), expiryDate: expiry || null });
    setCreating(false);
    if (created) {
      setCode('');
      setDiscount('');
      setExpiry('');
    }
  };

  return (
    <Card style={{ marginBottom: 24 }}>
      <Form onSubmit={(event) => void submit(event)} noValidate aria-label="New promo code">
        <TextField label="Code" name="code" value={code} onChange={(e) => setCode(e.target.value)} error={errors.code} placeholder="SPRING25" />
        <TextField
          label="Discount Percentage"
          name="discountPercentage"
          type="number"
          min={PROMO_DISCOUNT_MIN}
          max={PROMO_DISCOUNT_MAX}
          value={discount}
          onChange={(e) => setDiscount(e.target.value)}
          error={errors.discountPercentage}
        />
        <TextField label="Expiry Date" name="expiryDate" type="date" optional value={expiry} onChange={(e) => setExpiry(e.target.value)} />
        <Submit>
          <Button type="submit" disabled={creating}>
            {creating ? 'Creating...' : 'Create Promo Code'}
          </Button>
        </Submit>
      </Form>
    </Card>
  );
}
