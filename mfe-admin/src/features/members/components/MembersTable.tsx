import { Link } from 'react-router-dom';
import { Card } from '@altmed/web-kit';
import { StatePill } from '../../../components/ModerationCard';
import type { AdminMemberSummary } from '../api/members';
import { dateOrDash } from '../../../lib/format';
import { accountStatusLabels, accountStatusTones, membershipDates, membershipLabels } from '../format';
import { Note, Scroll, Table } from '../../../components/DataTable';

/** The members of one page: each name opens the member's page; states are written out, the pill's colour only repeats them. */
export function MembersTable({ members }: { members: AdminMemberSummary[] }) {
  return (
    <Card $padding={2}>
      <Scroll>
        <Table aria-label="Members">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Membership</th>
              <th scope="col">Account</th>
              <th scope="col">Joined</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => {
              const dates = membershipDates(member.membership);
              return (
                <tr key={member.id}>
                  <th scope="row">
                    <Link to={`/admin/users/${encodeURIComponent(member.id)}`}>{member.name}</Link>
                  </th>
                  <td>{member.email}</td>
                  <td>
                    {membershipLabels[member.membership.status]}
                    {dates ? <Note>{dates}</Note> : null}
                  </td>
                  <td>
                    <StatePill $tone={accountStatusTones[member.status]}>{accountStatusLabels[member.status]}</StatePill>
                  </td>
                  <td>{dateOrDash(member.joinedAt)}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Scroll>
    </Card>
  );
}
