import styled from 'styled-components';
import { ADMIN_CARD_MAX_SPECIALTIES } from '@altmed/contracts/web';
import { Button, theme } from '@altmed/web-kit';
import { CardActions, CardShell, CardTop, LastDecision, StatePill } from '../../../components/ModerationCard';
import { availableActions, providerStatus, type AdminProvider, type ProviderAction } from '../api/providers';

const statusTone = { Approved: 'accepted', Pending: 'waiting', Blocked: 'refused' } as const;

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

const labels: Record<ProviderAction, string> = { approve: 'Approve', block: 'Block', unblock: 'Unblock' };

const changeLabels = { approve: 'Approved', block: 'Blocked', unblock: 'Unblocked' } as const;
const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export function ProviderCard({ provider, busy, onAction }: { provider: AdminProvider; busy: boolean; onAction: (action: ProviderAction) => void }) {
  const status = providerStatus(provider);
  const specialties = provider.specialties ?? [];
  const extra = specialties.length - ADMIN_CARD_MAX_SPECIALTIES;
  return (
    <CardShell as="article" aria-label={provider.providerName ?? provider.practiceName ?? 'Provider'}>
      <CardTop>
        <div>
          <h3>{provider.providerName ?? 'Unnamed provider'}</h3>
          <p>{[provider.practiceName, provider.email].filter(Boolean).join(' · ')}</p>
          {provider.city || provider.state ? <p>{[provider.city, provider.state].filter(Boolean).join(', ')}</p> : null}
        </div>
        <StatePill $tone={statusTone[status]}>{status}</StatePill>
      </CardTop>
      {specialties.length ? (
        <Tags>
          {specialties.slice(0, ADMIN_CARD_MAX_SPECIALTIES).map((s) => (
            <span key={s}>{s}</span>
          ))}
          {extra > 0 ? <span>+{extra} more</span> : null}
        </Tags>
      ) : null}
      {provider.lastStatusChange ? (
        <LastDecision>
          {changeLabels[provider.lastStatusChange.action]} by {provider.lastStatusChange.by} on {shortDate(provider.lastStatusChange.at)}
        </LastDecision>
      ) : null}
      <CardActions>
        {availableActions(provider).map((action) => (
          <Button key={action} size="sm" variant={action === 'block' ? 'danger' : 'primary'} disabled={busy} onClick={() => onAction(action)}>
            {labels[action]}
          </Button>
        ))}
      </CardActions>
    </CardShell>
  );
}
