import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { AREAS_OF_INTEREST, type AreaOfInterest } from '@altmed/contracts/web';
import { Button, TextField, theme, useSession } from '@altmed/web-kit';
import { FormAlert } from '../../../components/FormAlert';
import { FieldPair, FormStack } from '../../../components/FormLayout';
import { emptyContactForm, firstContactError, type ContactForm } from '../lib/contactRules';
import { logInOrSignUp } from '../lib/logInOrSignUp';

const Fieldset = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  legend {
    font-size: 14px;
    font-weight: 600;
    margin-bottom: 8px;
    padding: 0;
  }
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Chip = styled.label<{ $checked: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 36px;
  padding: 6px 12px;
  border-radius: ${theme.radii.pill};
  border: 1.5px solid ${(p) => (p.$checked ? theme.colors.primary : theme.colors.border)};
  background: ${(p) => (p.$checked ? theme.colors.primarySoft : theme.colors.surface)};
  font-size: 14px;
  cursor: pointer;
  input {
    width: 16px;
    height: 16px;
    margin: 0;
    accent-color: ${theme.colors.primary};
  }
  &:focus-within {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Consent = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 10px;
  font-size: 14px;
  color: ${theme.colors.text};
  cursor: pointer;
  input {
    flex: none;
    width: 20px;
    height: 20px;
    margin: 1px 0 0;
    accent-color: ${theme.colors.primary};
  }
`;

export interface ContactInfoFormProps {
  /** Called once the member is logged in (an existing account) or signed up. */
  onDone: () => void;
  /** Buttons shown before the submit button (Back). */
  secondaryAction?: ReactNode;
  submitLabel?: string;
}

/**
 * The member contact form (SPEC §2, §5): the six rules in the spec's order, the two consent boxes
 * sharing one state, and on submit a login that falls back to a sign-up.
 */
export function ContactInfoForm({ onDone, secondaryAction, submitLabel = 'Continue' }: ContactInfoFormProps) {
  const { login } = useSession();
  const [form, setForm] = useState<ContactForm>(emptyContactForm);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set =
    <K extends keyof ContactForm>(key: K) =>
    (value: ContactForm[K]) =>
      setForm((current) => ({ ...current, [key]: value }));
  const toggleArea = (area: AreaOfInterest) =>
    setForm((current) => ({ ...current, areas: current.areas.includes(area) ? current.areas.filter((a) => a !== area) : [...current.areas, area] }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const broken = firstContactError(form);
    if (broken) {
      setError(broken.message);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { token, user } = await logInOrSignUp(form);
      login(token, user);
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Signup failed due to an unknown error');
      setBusy(false);
    }
  };

  return (
    <FormStack onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Contact Information">
      {error ? <FormAlert key={error}>{error}</FormAlert> : null}
      <FieldPair>
        <TextField label="First Name" name="firstName" autoComplete="given-name" value={form.firstName} onChange={(e) => set('firstName')(e.target.value)} />
        <TextField label="Last Name" name="lastName" autoComplete="family-name" value={form.lastName} onChange={(e) => set('lastName')(e.target.value)} />
      </FieldPair>
      <TextField label="Email" type="email" name="email" autoComplete="email" value={form.email} onChange={(e) => set('email')(e.target.value)} />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        value={form.password}
        onChange={(e) => set('password')(e.target.value)}
      />
      <TextField
        label="Phone Number"
        type="tel"
        name="phone"
        autoComplete="tel-national"
        placeholder="000-000-0000"
        hint="Format: 000-000-0000"
        value={form.phone}
        onChange={(e) => set('phone')(e.target.value)}
      />
      <TextField label="Address" name="address" autoComplete="street-address" optional value={form.address} onChange={(e) => set('address')(e.target.value)} />
      <Fieldset>
        <legend>Areas of Interest</legend>
        <Chips>
          {AREAS_OF_INTEREST.map((area) => {
            const checked = form.areas.includes(area);
            return (
              <Chip key={area} $checked={checked}>
                <input type="checkbox" name="areas" value={area} checked={checked} onChange={() => toggleArea(area)} />
                {area}
              </Chip>
            );
          })}
        </Chips>
      </Fieldset>
      <Consent>
        <input type="checkbox" name="terms" checked={form.agreed} onChange={(e) => set('agreed')(e.target.checked)} />
        <span>
          I agree to the{' '}
          <a href="/terms" target="_blank" rel="noopener">
            Terms &amp; Services
          </a>{' '}
          and the{' '}
          <a href="/privacy" target="_blank" rel="noopener">
            Privacy Policy
          </a>
          .
        </span>
      </Consent>
      <Consent>
        <input type="checkbox" name="consent" checked={form.agreed} onChange={(e) => set('agreed')(e.target.checked)} />
        <span>I consent to AltMed Connect storing my details to run my membership and contacting me about it.</span>
      </Consent>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
        {secondaryAction ?? <span />}
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? 'Please wait...' : submitLabel}
        </Button>
      </div>
    </FormStack>
  );
}
