import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, TextField, theme } from '@altmed/web-kit';

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
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

export const InviteTexts = {
  emailRequired: 'Enter the email address to invite.',
} as const;

export interface InviteFormProps {
  /** Sends the invitation; true when it went out (the field is then emptied). */
  onInvite: (email: string) => Promise<boolean>;
}

/** One email field and "Send invitation"; "Sending..." while the request is under way. */
export function InviteForm({ onInvite }: InviteFormProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setError(InviteTexts.emailRequired);
      return;
    }
    setError(null);
    setSending(true);
    const sent = await onInvite(address);
    setSending(false);
    if (sent) setEmail('');
  };

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate aria-label="Invite an administrator">
      <TextField label="Email" type="email" name="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
      <Submit>
        <Button type="submit" disabled={sending}>
          {sending ? 'Sending...' : 'Send invitation'}
        </Button>
      </Submit>
    </Form>
  );
}
