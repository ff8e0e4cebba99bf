import { useId } from 'react';
import { Button, formatDate } from '@altmed/web-kit';
import type { Administrator } from '../api/administrators';
import { Muted, Note, Scroll, Table } from '../../../components/DataTable';

export interface AdministratorsTableProps {
  administrators: Administrator[];
  /** The signed-in administrator's id: their row says "(you)" and cannot be removed from here. */
  currentUserId: string | undefined;
  /** A removal is under way: every Remove waits for it. */
  busy: boolean;
  onRemove: (administrator: Administrator) => void;
}

const dateOrDash = (value: string) => formatDate(value) ?? '—';

/** The administrators, oldest first: name, email, since when, and Remove (not on one's own row: another administrator removes you). */
export function AdministratorsTable({ administrators, currentUserId, busy, onRemove }: AdministratorsTableProps) {
  const selfNoteId = useId();
  return (
    <Scroll>
      <Table aria-label="Administrators">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Since</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {administrators.map((administrator) => {
            const self = administrator.id === currentUserId;
            return (
              <tr key={administrator.id}>
                <th scope="row">
                  {administrator.name}
                  {self ? <Muted> (you)</Muted> : null}
                </th>
                <td>{administrator.email}</td>
                <td>{dateOrDash(administrator.since)}</td>
                <td>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Remove ${administrator.name} (${administrator.email})`}
                    aria-describedby={self ? selfNoteId : undefined}
                    disabled={self || busy}
                    onClick={() => onRemove(administrator)}
                  >
                    Remove
                  </Button>
                  {self ? <Note id={selfNoteId}>Another administrator can remove you.</Note> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </Scroll>
  );
}
