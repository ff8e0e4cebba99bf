import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_INVITATION_TTL_HOURS } from '@altmed/contracts/web';
import { QueryProvider } from '@altmed/web-kit/src/query';
import { PageContainer, PageTitle, Spinner, useSession } from '@altmed/web-kit';
import { Banner } from '../../../components/Banner';
import {
  AdministratorErrors,
  fetchAdministrators,
  inviteAdministrator,
  removeAdministrator,
  revokeInvitation,
  type AdminInvitation,
  type Administrator,
  type AdministratorsResponse,
} from '../api/administrators';
import { AdministratorsTable } from './AdministratorsTable';
import { InviteForm } from './InviteForm';
import { PendingInvitations } from './PendingInvitations';
import { Empty } from '../../../components/DataTable';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Section } from '../../../components/Section';

export const AdminSettingsTexts = {
  title: 'Admin Settings',
  subtitle: 'Who can manage the site: remove an administrator, or invite someone to become one.',
  invited: (email: string) => `Invitation sent to ${email}. The link works for ${ADMIN_INVITATION_TTL_HOURS} hours.`,
  removed: (administrator: Administrator) => `${administrator.name} is no longer an administrator.`,
} as const;

type Message = { tone: 'error' | 'success'; text: string } | null;
const errorText = (error: Error, fallback: string) => error.message || fallback;

/**
 * Admin Settings: the administrators (Remove asks first; nobody removes themselves here, so a
 * session never deletes its own account), an invitation form, and the invitations still open.
 */
function AdminSettingsContent() {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Administrator | null>(null);
  const [listMessage, setListMessage] = useState<Message>(null);
  const [inviteMessage, setInviteMessage] = useState<Message>(null);

  const listKey = ['admin-administrators', token];
  const list = useQuery({ queryKey: listKey, queryFn: ({ signal }) => fetchAdministrators(token, signal) });

  const invitation = useMutation({
    mutationFn: (email: string) => inviteAdministrator(token, email),
    onMutate: () => setInviteMessage(null),
    onSuccess: (sent) => {
      // The new link replaces any earlier one to the same address; the newest comes first, as the server lists them.
      queryClient.setQueryData<AdministratorsResponse>(listKey, (current) =>
        current ? { ...current, invitations: [sent, ...current.invitations.filter((each) => each.id !== sent.id && each.email !== sent.email)] } : current,
      );
      setInviteMessage({ tone: 'success', text: AdminSettingsTexts.invited(sent.email) });
    },
    onError: (error) => setInviteMessage({ tone: 'error', text: errorText(error, AdministratorErrors.invite) }),
  });

  const removal = useMutation({
    mutationFn: (administrator: Administrator) => removeAdministrator(token, administrator.id),
    onMutate: () => setListMessage(null),
    onSuccess: (_, administrator) => setListMessage({ tone: 'success', text: AdminSettingsTexts.removed(administrator) }),
    onError: (error) => setListMessage({ tone: 'error', text: errorText(error, AdministratorErrors.remove) }),
    // Removed, already gone (404) or refused (409, someone else removed the others meanwhile): show the list as it now is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });

  const revocation = useMutation({
    mutationFn: (open: AdminInvitation) => revokeInvitation(token, open.id),
    onMutate: () => setInviteMessage(null),
    onSuccess: (_, open) => setInviteMessage({ tone: 'success', text: `The invitation to ${open.email} was taken back: its link no longer works.` }),
    onError: (error) => setInviteMessage({ tone: 'error', text: errorText(error, AdministratorErrors.revoke) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });

  const invite = (email: string) =>
    invitation.mutateAsync(email).then(
      () => true,
      () => false,
    );

  const confirmRemoval = () => {
    if (!confirming) return;
    setConfirming(null);
    removal.mutate(confirming);
  };

  return (
    <PageContainer>
      <PageTitle subtitle={AdminSettingsTexts.subtitle}>{AdminSettingsTexts.title}</PageTitle>
      <Section title="Administrators">
        {listMessage ? <Banner tone={listMessage.tone}>{listMessage.text}</Banner> : null}
        {list.isPending ? (
          <Spinner label="Loading administrators..." />
        ) : list.isError ? (
          <Banner tone="error">{errorText(list.error, AdministratorErrors.fetchList)}</Banner>
        ) : list.data.administrators.length ? (
          <AdministratorsTable administrators={list.data.administrators} currentUserId={user?.id} busy={removal.isPending} onRemove={setConfirming} />
        ) : (
          <Empty>No administrators.</Empty>
        )}
      </Section>
      <Section title="Invite an administrator">
        {inviteMessage ? <Banner tone={inviteMessage.tone}>{inviteMessage.text}</Banner> : null}
        <InviteForm onInvite={invite} />
      </Section>
      <Section title="Pending invitations">
        {list.isPending ? (
          <Spinner label="Loading invitations..." />
        ) : list.isError ? null : (
          <PendingInvitations invitations={list.data.invitations} busy={revocation.isPending} onRevoke={(open) => revocation.mutate(open)} />
        )}
      </Section>
      {confirming ? (
        <ConfirmDialog title="Remove this administrator?" confirmLabel="Yes, remove" onConfirm={confirmRemoval} onCancel={() => setConfirming(null)}>
          {confirming.name} ({confirming.email}) will no longer be able to manage the site: the account is deleted and its sessions stop working.
        </ConfirmDialog>
      ) : null}
    </PageContainer>
  );
}

/** Admin Settings inside the page's query client. */
export function AdminSettingsPage() {
  return (
    <QueryProvider>
      <AdminSettingsContent />
    </QueryProvider>
  );
}
