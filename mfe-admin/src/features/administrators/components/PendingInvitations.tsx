import { formatDate } from '@altmed/web-kit';
import type { AdminInvitation } from '../api/administrators';
import { Empty, Scroll, Table } from './styles';

const dateOrDash = (value: string) => formatDate(value) ?? '—';

/** The invitations not yet used nor expired, newest first. */
export function PendingInvitations({ invitations }: { invitations: AdminInvitation[] }) {
  if (!invitations.length) return <Empty>No pending invitations.</Empty>;
  return (
    <Scroll>
      <Table aria-label="Pending invitations">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Invited by</th>
            <th scope="col">Expires</th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <th scope="row">{invitation.email}</th>
              <td>{invitation.invitedBy}</td>
              <td>{dateOrDash(invitation.expiresAt)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}
