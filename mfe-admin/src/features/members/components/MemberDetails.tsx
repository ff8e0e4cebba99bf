import styled from 'styled-components';
import { Button, formatDate, theme } from '@altmed/web-kit';
import { StatePill } from '../../../components/ModerationCard';
import type { AdminMember, MemberAdminAction } from '../api/members';
import { dateOrDash } from '../../../lib/format';
import { accountStatusLabels, accountStatusTones, auditLabels, membershipDates, membershipLabels } from '../format';
import { Empty } from '../../../components/DataTable';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 16px 24px;
  margin: 0 0 20px;
  dt {
    font-size: 13px;
    letter-spacing: 0.05em;
    text-transform: uppercase;
    color: ${theme.colors.textMuted};
    margin-bottom: 4px;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Quiet = styled.span`
  display: block;
  font-size: 14px;
  color: ${theme.colors.textMuted};
`;

const Status = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 12px;
  padding-top: 16px;
  border-top: 1px solid ${theme.colors.border};
`;

const History = styled.div`
  margin-top: 20px;
  h3 {
    font-size: 16px;
    margin-bottom: 8px;
  }
  ol {
    margin: 0;
    padding-left: 20px;
    display: grid;
    gap: 4px;
    font-size: 14px;
  }
`;

const notGiven = 'Not given';

/**
 * The member's account: contact details, membership, sign-up date, whether the account is blocked
 * (in words; the pill's colour only repeats it), the button that blocks or unblocks it, and every
 * block and unblock with the administrator and the date.
 */
export function MemberDetails({ member, busy, onAction }: { member: AdminMember; busy: boolean; onAction: (action: MemberAdminAction) => void }) {
  const dates = membershipDates(member.membership);
  const { phone, address, specialties } = member.contactInfo;
  return (
    <>
      <Facts>
        <div>
          <dt>Email</dt>
          <dd>{member.email}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{phone || notGiven}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>{address || notGiven}</dd>
        </div>
        <div>
          <dt>Areas of interest</dt>
          <dd>{specialties.length ? specialties.join(', ') : notGiven}</dd>
        </div>
        <div>
          <dt>Membership</dt>
          <dd>
            {membershipLabels[member.membership.status]}
            {dates ? <Quiet>{dates}</Quiet> : null}
          </dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd>{dateOrDash(member.joinedAt)}</dd>
        </div>
      </Facts>
      <Status>
        <span>Account status:</span>
        <StatePill $tone={accountStatusTones[member.status]}>{accountStatusLabels[member.status]}</StatePill>
        {member.status === 'blocked' ? (
          <Button size="sm" disabled={busy} onClick={() => onAction('unblock')}>
            Unblock member
          </Button>
        ) : (
          <Button size="sm" variant="danger" disabled={busy} onClick={() => onAction('block')}>
            Block member
          </Button>
        )}
      </Status>
      <History>
        <h3>Block and unblock history</h3>
        {member.statusHistory.length ? (
          <ol>
            {member.statusHistory.map((change, index) => (
              <li key={`${change.at}-${index}`}>
                {auditLabels[change.action]} by {change.by} on {formatDate(change.at) ?? change.at}
              </li>
            ))}
          </ol>
        ) : (
          <Empty>Never blocked.</Empty>
        )}
      </History>
    </>
  );
}
