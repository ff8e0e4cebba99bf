import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_TOPIC_LABELS, SUPPORT_TOPICS } from '@altmed/contracts/web';
import { Button, SelectField, TextAreaField, TextField, theme, useSession } from '@altmed/web-kit';
import { FormAlert } from '../../../components/FormAlert';
import { FieldPair, FormStack } from '../../../components/FormLayout';
import { sendSupportMessage, SupportErrors } from '../api/support';
import { readSupportForm, supportFields, supportFormFor, type SupportField, type SupportForm, type SupportFormErrors } from '../lib/supportRules';

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

const Thanks = styled.p`
  padding: 16px 18px;
  border-radius: ${theme.radii.md};
  border: 1px solid #bfe3cd;
  background: ${theme.colors.successSoft};
  color: ${theme.colors.success};
  font-weight: 500;
  &:focus {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const number = (n: number) => n.toLocaleString('en-US');

/**
 * The Contact page's message to the support team: name, email, topic and message, checked with the
 * server's rules and texts before sending. A logged-in account's name and email come filled in, and
 * its token goes with the message. Once sent, the form gives way to the server's thank-you.
 */
export function SupportMessageForm() {
  const { token, user } = useSession();
  const [form, setForm] = useState<SupportForm>(() => supportFormFor(user));
  // Logging in on the page fills what is still empty (state adjusted during render, not in an effect).
  const [filledFor, setFilledFor] = useState(user?.id ?? null);
  if (user && filledFor !== user.id) {
    setFilledFor(user.id);
    setForm((current) => ({ ...current, name: current.name || user.name, email: current.email || user.email }));
  }
  const [errors, setErrors] = useState<SupportFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [thanks, setThanks] = useState<string | null>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const baseId = useId();
  const idOf = (field: SupportField) => `${baseId}-${field}`;

  // The button that had the focus is gone with the form: the thank-you takes it, and is read out.
  useEffect(() => {
    if (thanks) thanksRef.current?.focus();
  }, [thanks]);

  const set = (field: SupportField) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = readSupportForm(form);
    setErrors(checked.errors ?? {});
    setFailure(null);
    if (!checked.body) {
      const first = supportFields.find((field) => checked.errors[field]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setSending(true);
    try {
      setThanks(await sendSupportMessage(checked.body, token));
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : SupportErrors.send);
      setSending(false);
    }
  };

  if (thanks) {
    return (
      <Thanks ref={thanksRef} role="status" tabIndex={-1}>
        {thanks}
      </Thanks>
    );
  }

  const length = form.message.trim().length;
  return (
    <FormStack onSubmit={(event) => void submit(event)} noValidate aria-label="Send us a message">
      {failure ? <FormAlert key={failure}>{failure}</FormAlert> : null}
      <FieldPair>
        <TextField
          id={idOf('name')}
          label="Name"
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={(e) => set('name')(e.target.value)}
          error={errors.name}
        />
        <TextField
          id={idOf('email')}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={form.email}
          onChange={(e) => set('email')(e.target.value)}
          error={errors.email}
        />
      </FieldPair>
      <SelectField id={idOf('topic')} label="Topic" name="topic" value={form.topic} onChange={(e) => set('topic')(e.target.value)} error={errors.topic}>
        <option value="">Choose a topic</option>
        {SUPPORT_TOPICS.map((topic) => (
          <option key={topic} value={topic}>
            {SUPPORT_TOPIC_LABELS[topic]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        id={idOf('message')}
        label="Message"
        name="message"
        rows={6}
        value={form.message}
        onChange={(e) => set('message')(e.target.value)}
        hint={`${number(length)} / ${number(SUPPORT_MESSAGE_MAX_LENGTH)} characters`}
        error={errors.message}
      />
      <Actions>
        <Button type="submit" variant="secondary" disabled={sending}>
          {sending ? 'Sending...' : 'Send message'}
        </Button>
      </Actions>
    </FormStack>
  );
}
