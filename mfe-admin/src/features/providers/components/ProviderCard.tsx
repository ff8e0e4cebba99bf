import styled from 'styled-components';
import { ADMIN_CARD_MAX_SPECIALTIES } from '@altmed/contracts/web';
import { Button, Card, theme } from '@altmed/web-kit';
import { availableActions, providerStatus, type AdminProvider, type ProviderAction } from '../api/providers';

const statusColors = {
  Approved: { bg: theme.colors.successSoft, fg: theme.colors.success },
  Pending: { bg: theme.colors.accentSoft, fg: '#a65a26' },
  Blocked: { bg: theme.colors.dangerSoft, fg: theme.colors.danger },
} as const;

const Wrap = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 20px;
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  align-items: flex-start;
  h3 {
    font-size: 18px;
  }
  p {
    color: ${theme.colors.textMuted};
    font-size: 14px;
  }
`;

const Pill = styled.span<{ $bg: string; $fg: string }>`
  flex: none;
  padding: 3px 10px;
  border-radius: ${theme.radii.pill};
  font-size: 13px;
  font-weight: 600;
  background: ${(p) => p.$bg};
  color: ${(p) => p.$fg};
`;

const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  span {
    font-size: 13px;
    padding: 3px 10px;
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.primarySoft};
    color: ${theme.colors.primary};
  }
`;

const Actions = styled.div`
  margin-top: auto;
  display: flex;
  gap: 8px;
`;

const labels: Record<ProviderAction, string> = { approve: 'Approve', block: 'Block', unblock: 'Unblock' };

const LastChange = styled.p`
  font-size: 13px;
  color: ${theme.colors.textMuted};
`;

const changeLabels = { approve: 'Approved', block: 'Blocked', unblock: 'Unblocked' } as const;
const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export function ProviderCard({ provider, busy, onAction }: { provider: AdminProvider; busy: boolean; onAction: (action: ProviderAction) => void }) {
  const status = providerStatus(provider);
  const specialties = provider.specialties ?? [];
  const extra = specialties.length - ADMIN_CARD_MAX_SPECIALTIES;
  return (
    <Wrap as="article" aria-label={provider.providerName ?? provider.practiceName ?? 'Provider'}>
      <Top>
        <div>
          <h3>{provider.providerName ?? 'Unnamed provider'}</h3>
          <p>{[provider.practiceName, provider.email].filter(Boolean).join(' · ')}</p>
          {provider.city || provider.state ? <p>{[provider.city, provider.state].filter(Boolean).join(', ')}</p> : null}
        </div>
        <Pill $bg={statusColors[status].bg} $fg={statusColors[status].fg}>
          {status}
        </Pill>
      </Top>
      {specialties.length ? (
        <Tags>
          {specialties.slice(0, ADMIN_CARD_MAX_SPECIALTIES).map((s) => (
            <span key={s}>{s}</span>
          ))}
          {extra > 0 ? <span>+{extra} more</span> : null}
        </Tags>
      ) : null}
      {provider.lastStatusChange ? (
        <LastChange>
          {changeLabels[provider.lastStatusChange.action]} by {provider.lastStatusChange.by} on {shortDate(provider.lastStatusChange.at)}
        </LastChange>
      ) : null}
      <Actions>
        {availableActions(provider).map((action) => (
          <Button key={action} size="sm" variant={action === 'block' ? 'danger' : 'primary'} disabled={busy} onClick={() => onAction(action)}>
            {labels[action]}
          </Button>
        ))}
      </Actions>
    </Wrap>
  );
}
