import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { COMPARE_MAX_PROVIDERS, COMPARE_MIN_PROVIDERS } from '@altmed/contracts/web';
import { Button, theme, toast, useSession } from '@altmed/web-kit';
import { getSavedProviders, removeSavedProvider } from '../api/account';
import { Panel } from './Panel';

const List = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 12px;
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
    padding-bottom: 12px;
    border-bottom: 1px solid ${theme.colors.border};
  }
  a {
    font-weight: 600;
    color: ${theme.colors.primaryDark};
  }
  p {
    color: ${theme.colors.textMuted};
    font-size: 14px;
  }
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
`;

export const SavedTexts = {
  title: 'Saved providers',
  none: 'You have not saved any providers yet. Use Save on a provider’s profile to keep it here.',
  find: 'Find providers',
  seeInDirectory: 'See them in the directory',
  compare: 'Compare them side by side',
  remove: (name: string) => `Remove ${name} from saved providers`,
  removed: (name: string) => `${name} was removed from your saved providers.`,
} as const;

/** The member's saved providers on My membership, each with a link to its profile and Remove. */
export function SavedProvidersPanel() {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  const queryKey = ['saved-providers', user?.id];
  const saved = useQuery({ queryKey, queryFn: () => getSavedProviders(token!), enabled: Boolean(token) });
  const remove = useMutation({
    mutationFn: (provider: { _id: string; providerName: string }) => removeSavedProvider(token!, provider._id),
    onSuccess: (_nothing, provider) => {
      toast.success(SavedTexts.removed(provider.providerName));
      return queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => toast.error(error.message),
  });

  if (!saved.data) return null;
  return (
    <Panel as="section" aria-labelledby="saved-heading">
      <h2 id="saved-heading">{SavedTexts.title}</h2>
      {saved.data.length === 0 ? (
        <p>{SavedTexts.none}</p>
      ) : (
        <List>
          {saved.data.map((provider) => (
            <li key={provider._id}>
              <div>
                <Link to={`/provider-profile/${encodeURIComponent(provider._id)}`}>{provider.providerName}</Link>
                <p>
                  {provider.practiceName} · {provider.city}, {provider.state}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={SavedTexts.remove(provider.providerName)}
                disabled={remove.isPending}
                onClick={() => remove.mutate(provider)}
              >
                Remove
              </Button>
            </li>
          ))}
        </List>
      )}
      <Links>
        <Link to={saved.data.length === 0 ? '/providers' : '/providers?saved=true'}>
          {saved.data.length === 0 ? SavedTexts.find : SavedTexts.seeInDirectory}
        </Link>
        {saved.data.length >= COMPARE_MIN_PROVIDERS && saved.data.length <= COMPARE_MAX_PROVIDERS ? (
          <Link to={`/compare?ids=${saved.data.map((provider) => encodeURIComponent(provider._id)).join(',')}`}>{SavedTexts.compare}</Link>
        ) : null}
      </Links>
    </Panel>
  );
}
