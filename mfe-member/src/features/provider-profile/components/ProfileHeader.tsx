import styled from 'styled-components';
import { formatDate, isAdminUser, theme, useSession } from '@altmed/web-kit';
import { PinIcon } from '../../../components/PinIcon';
import { CompareToggle } from '../../../components/CompareToggle';
import { milesAmount } from '../../../lib/searchPlace';
import type { PublicProvider } from '../api/providerProfile';
import { ProfileTexts } from '../lib/profileTexts';
import { providerAddress } from '../lib/providerDetails';
import { ContactActions } from './ContactActions';

const Header = styled.header`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 16px;
  flex-wrap: wrap;
  margin-bottom: 24px;
  h1 {
    font-size: clamp(26px, 3vw, 36px);
    overflow-wrap: anywhere;
  }
`;

const Identity = styled.div`
  display: grid;
  gap: 6px;
  min-width: 0;
`;

const Verified = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  justify-self: start;
  padding: 2px 12px 2px 8px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.successSoft};
  color: ${theme.colors.primaryDark};
  font-size: 14px;
  font-weight: 600;
  svg {
    width: 16px;
    height: 16px;
    color: ${theme.colors.success};
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  flex-wrap: wrap;
`;

const Subtitle = styled.p`
  color: ${theme.colors.textMuted};
`;

const Distance = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  justify-self: start;
  color: ${theme.colors.text};
  font-weight: 600;
  svg {
    width: 16px;
    height: 16px;
    color: ${theme.colors.primary};
  }
`;

function CheckBadgeIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="M7.5 12.5l3 3 6-6.5" />
    </svg>
  );
}

/** Name, when the provider was verified, practice and address (and how far it is, from a search near a place), and the contact buttons. */
export function ProfileHeader({ provider, distanceMiles }: { provider: PublicProvider; distanceMiles?: number }) {
  const verifiedOn = provider.verifiedAt ? formatDate(provider.verifiedAt) : null;
  const { user } = useSession();
  // Members and admins compare providers; a provider viewing a profile does not.
  const canCompare = user?.role === 'user' || isAdminUser(user);
  return (
    <Header>
      <Identity>
        <h1>{provider.providerName ?? 'Provider'}</h1>
        {verifiedOn ? (
          <Verified>
            <CheckBadgeIcon />
            {ProfileTexts.verifiedOn(verifiedOn)}
          </Verified>
        ) : null}
        <Subtitle>{[provider.practiceName, providerAddress(provider)].filter(Boolean).join(' · ')}</Subtitle>
        {distanceMiles === undefined ? null : (
          <Distance>
            <PinIcon />
            {ProfileTexts.distanceAway(milesAmount(distanceMiles))}
          </Distance>
        )}
      </Identity>
      <Actions>
        <ContactActions providerId={provider._id} email={provider.email} />
        {canCompare ? <CompareToggle providerId={provider._id} providerName={provider.providerName ?? ''} /> : null}
      </Actions>
    </Header>
  );
}
