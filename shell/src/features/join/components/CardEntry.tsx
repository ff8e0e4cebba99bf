import { CardElement } from '@stripe/react-stripe-js';
import { useState } from 'react';
import styled from 'styled-components';
import { BILLING_COUNTRY, BILLING_POSTAL_CODE } from '@altmed/contracts/web';
import { SelectField, TextField, theme } from '@altmed/web-kit';

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

/**
 * Stripe's card field, with its own error line, and the country and ZIP the form shows (the billing
 * address sent is fixed, SPEC §9). Tells `onComplete` whether the card's details are complete.
 */
export function CardEntry({ onComplete }: { onComplete: (complete: boolean) => void }) {
  const [cardError, setCardError] = useState('');
  const [country, setCountry] = useState<string>(BILLING_COUNTRY);
  const [zip, setZip] = useState<string>(BILLING_POSTAL_CODE);
  return (
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
              onComplete(change.complete);
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
  );
}
