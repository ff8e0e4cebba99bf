import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { Button, useSession } from '@altmed/web-kit';
import { FormAlert } from '../../../components/FormAlert';
import { collectMyData, myDataFileName, saveJsonFile } from '../lib/myData';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { Panel } from './Panel';

const Body = styled.div`
  display: grid;
  gap: 16px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

export const YourDataTexts = {
  title: 'Your data',
  lead: 'Take a copy of what we hold about you (your account, payments, reviews and saved providers) as a JSON file, or delete your account.',
  download: 'Download my data',
  preparing: 'Preparing…',
  delete: 'Delete my account',
} as const;

/** A member's own data on My membership: Download my data (one JSON file) and Delete my account. */
export function YourDataPanel() {
  const { token } = useSession();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const download = useMutation({
    mutationFn: async () => {
      const now = new Date();
      const data = await collectMyData(token ?? '', now);
      saveJsonFile(myDataFileName(now), data);
    },
  });

  return (
    <Panel as="section" aria-labelledby="your-data-heading">
      <h2 id="your-data-heading">{YourDataTexts.title}</h2>
      <Body>
        <p>{YourDataTexts.lead}</p>
        {download.error ? <FormAlert key={download.error.message}>{download.error.message}</FormAlert> : null}
        <Actions>
          <Button variant="outline" disabled={download.isPending} aria-busy={download.isPending} onClick={() => download.mutate()}>
            {download.isPending ? YourDataTexts.preparing : YourDataTexts.download}
          </Button>
          <Button variant="danger" onClick={() => setConfirmingDelete(true)}>
            {YourDataTexts.delete}
          </Button>
        </Actions>
      </Body>
      {confirmingDelete ? <DeleteAccountDialog onClose={() => setConfirmingDelete(false)} /> : null}
    </Panel>
  );
}
