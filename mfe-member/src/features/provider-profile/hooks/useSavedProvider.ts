import { useState } from 'react';
import { ApiError, toast, useSession } from '@altmed/web-kit';
import { useFetched } from '../../../hooks/useFetched';
import { fetchIsSaved, setSaved } from '../api/savedProviders';

export const SavedTexts = {
  save: 'Save',
  saved: 'Saved',
  savedToast: 'Saved to your providers. Find them under My membership.',
  removedToast: 'Removed from your saved providers.',
} as const;

/** Whether the member keeps this provider, and the toggle; null for viewers who cannot save (providers, admins). */
export function useSavedProvider(providerId: string) {
  const { token, user } = useSession();
  const member = user?.role === 'user';
  const stored = useFetched(`saved:${user?.id ?? ''}:${providerId}`, (signal) => (member ? fetchIsSaved(providerId, token, signal) : Promise.resolve(false)));
  /** What the member last chose here, shown at once while the server is asked. */
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  if (!member) return null;

  const saved = chosen ?? stored.data ?? false;
  const toggle = async () => {
    const next = !saved;
    setBusy(true);
    setChosen(next);
    try {
      await setSaved(providerId, next, token);
      toast.success(next ? SavedTexts.savedToast : SavedTexts.removedToast);
    } catch (error) {
      setChosen(!next);
      toast.error(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return { saved, busy, toggle };
}
