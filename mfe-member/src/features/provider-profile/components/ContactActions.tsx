import styled from 'styled-components';
import { Button, theme } from '@altmed/web-kit';
import { SavedTexts, useSavedProvider } from '../hooks/useSavedProvider';
import { ProfileTexts } from '../lib/profileTexts';

const Actions = styled.div`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
`;

/** A link that looks like web-kit's outline button. */
const ButtonLink = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  padding: 10px 20px;
  border: 1.5px solid ${theme.colors.primary};
  border-radius: ${theme.radii.pill};
  color: ${theme.colors.primary};
  font-size: 15px;
  font-weight: 600;
  letter-spacing: 0.01em;
  text-decoration: none;
  white-space: nowrap;
  transition: background 0.15s ease;
  &:hover {
    background: ${theme.colors.primarySoft};
  }
`;

/**
 * Call, Email and Save (SPEC §2). Call does nothing on this page. Email writes to the provider,
 * whose address the API shares only with the provider itself and admins. Save keeps the provider
 * in a member's saved providers (My membership, and the directory's filter).
 */
export function ContactActions({ providerId, email }: { providerId: string; email: string | undefined }) {
  const save = useSavedProvider(providerId);
  return (
    <Actions>
      <Button variant="outline">Call</Button>
      {email ? (
        <ButtonLink href={`mailto:${email}`}>Email</ButtonLink>
      ) : (
        <Button variant="outline" disabled title={ProfileTexts.emailUnavailable}>
          Email
        </Button>
      )}
      {save ? (
        <Button variant={save.saved ? 'secondary' : 'outline'} aria-pressed={save.saved} disabled={save.busy} onClick={() => void save.toggle()}>
          {save.saved ? SavedTexts.saved : SavedTexts.save}
        </Button>
      ) : null}
    </Actions>
  );
}
