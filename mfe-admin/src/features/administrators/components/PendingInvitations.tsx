import { Button, formatDate } from '@altmed/web-kit';
import type { AdminInvitation } from '../api/administrators';
import { Empty, Scroll, Table } from '../../../components/DataTable';

const dateOrDash = (value: string) => formatDate(value) ?? '—';

/** The invitations not yet used nor expired, newest first; each can be taken back (its link stops working). */
export function PendingInvitations({
  invitations,
  busy,
  onRevoke,
}: {
  invitations: AdminInvitation[];
  busy: boolean;
  onRevoke: (invitation: AdminInvitation) => void;
}) {
  if (!invitations.length) return <Empty>No pending invitations.</Empty>;
  return (
    <Scroll>
      <Table aria-label="Pending invitations">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Invited by</th>
            <th scope="col">Expires</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <th scope="row">{invitation.email}</th>
              <td>{invitation.invitedBy}</td>
              <td>{dateOrDash(invitation.expiresAt)}</td>
              <td>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  aria-label={`Take back the invitation to ${invitation.email}`}
                  onClick={() => onRevoke(invitation)}
                >
                  Take back
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}
