import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH, ProviderMessages } from '@altmed/contracts/web';
import styled from 'styled-components';
import { Button, Card, TextField, useSession } from '@altmed/web-kit';
import { Alert, Grid2, Stack } from '../../../components/ui';
import { changePassword } from '../api/password';

const Heading = styled.h2`
  font-size: 20px;
  margin-bottom: 12px;
`;

export const PasswordTexts = {
  tooShort: ProviderMessages.passwordTooShort,
  mismatch: ProviderMessages.passwordsDoNotMatch,
  changed: 'Your password has been changed.',
} as const;

const emptyForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The provider's login: change the password (the current one is asked again). */
export function PasswordSection() {
  const { token } = useSession();
  const [form, setForm] = useState(emptyForm);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => changePassword(token, { currentPassword: form.currentPassword, newPassword: form.newPassword }),
    onSuccess: () => setForm(emptyForm),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.reset();
    const refusal =
      form.newPassword.length < PASSWORD_MIN_LENGTH ? PasswordTexts.tooShort : form.newPassword !== form.confirmPassword ? PasswordTexts.mismatch : null;
    setProblem(refusal);
    if (!refusal) mutation.mutate();
  };

  const field = (name: keyof typeof emptyForm) => ({
    name,
    type: 'password',
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });
  const failure = problem ?? (mutation.error instanceof Error ? mutation.error.message : null);

  return (
    <Card as="section" aria-label="Password">
      <Heading>Password</Heading>
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack>
          {failure ? <Alert>{failure}</Alert> : null}
          {mutation.isSuccess ? <Alert tone="success">{PasswordTexts.changed}</Alert> : null}
          <TextField label="Current Password" autoComplete="current-password" {...field('currentPassword')} />
          <Grid2>
            <TextField label="New Password" autoComplete="new-password" {...field('newPassword')} />
            <TextField label="Confirm New Password" autoComplete="new-password" {...field('confirmPassword')} />
          </Grid2>
          <div>
            <Button type="submit" variant="outline" disabled={mutation.isPending || !form.currentPassword}>
              {mutation.isPending ? 'Saving...' : 'Change Password'}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
