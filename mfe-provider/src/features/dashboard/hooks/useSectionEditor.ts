import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Provider } from '@altmed/contracts/web';
import { ApiError } from '@altmed/web-kit';
import { ownProfileQueryKey } from './useOwnProfile';

/** A draft the section's own checks refused before anything was sent. */
export class DraftProblem extends Error {
  override readonly name = 'DraftProblem';
}

export type SaveOutcome = 'saved' | 'failed';

export interface SectionEditor<T> {
  editing: boolean;
  draft: T | null;
  setDraft: (draft: T) => void;
  edit: () => void;
  /** Leaves editing and discards the draft. */
  cancel: () => void;
  save: () => void;
  saving: boolean;
  /** Why the last save was refused, for the section itself: its own checks' or the server's (400) reason. */
  problem: string | null;
  /** The last save's failure, if any. */
  error: unknown;
}

/**
 * One dashboard section's edit cycle (SPEC §4): Edit starts a draft from the record, Cancel
 * discards it, Save Changes sends it; a saved record replaces the cached profile and the section
 * returns to view. The page hears each outcome for its banner.
 */
export function useSectionEditor<T>(
  provider: Provider,
  { draftOf, save, onOutcome }: { draftOf: (provider: Provider) => T; save: (draft: T) => Promise<Provider>; onOutcome: (outcome: SaveOutcome) => void },
): SectionEditor<T> {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      queryClient.setQueryData(ownProfileQueryKey(provider._id), saved);
      setDraft(null);
      onOutcome('saved');
    },
    onError: () => onOutcome('failed'),
  });
  const { error } = mutation;
  const problem = error instanceof DraftProblem || (error instanceof ApiError && error.status === 400) ? error.message : null;

  return {
    editing: draft !== null,
    draft,
    setDraft,
    edit: () => {
      mutation.reset();
      setDraft(draftOf(provider));
    },
    cancel: () => {
      mutation.reset();
      setDraft(null);
    },
    save: () => {
      if (draft !== null) mutation.mutate(draft);
    },
    saving: mutation.isPending,
    problem,
    error,
  };
}
