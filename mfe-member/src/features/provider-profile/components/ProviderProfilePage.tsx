import { useParams } from 'react-router-dom';
import { Button, ErrorFallback, PageContainer, RouteGuard, Spinner } from '@altmed/web-kit';
import { useProviderProfile } from '../hooks/useProviderProfile';
import { ProviderProfileView } from './ProviderProfileView';

export const ProfileTexts = {
  loading: 'Loading provider profile...',
  errorTitle: 'Error Loading Profile',
  errorMessage: 'Failed to load provider information. Please try again later.',
  notFoundTitle: 'Provider Not Found',
  notFoundMessage: 'We could not find this provider. The link may be out of date.',
} as const;

/** The public provider profile (SPEC §2), mounted on /provider-profile/:providerId, for any logged-in user. */
export default function ProviderProfilePage() {
  return (
    <RouteGuard>
      <ProviderProfile />
    </RouteGuard>
  );
}

function ProviderProfile() {
  const { providerId } = useParams<{ providerId: string }>();
  const { state, retry } = useProviderProfile(providerId);

  if (state.status === 'loading') {
    return (
      <PageContainer>
        <Spinner label={ProfileTexts.loading} />
      </PageContainer>
    );
  }
  if (state.status === 'error') {
    return (
      <PageContainer>
        <ErrorFallback title={ProfileTexts.errorTitle} message={ProfileTexts.errorMessage} onRetry={retry} retryLabel="Try Again" />
      </PageContainer>
    );
  }
  if (state.status === 'not-found') {
    return (
      <PageContainer>
        <ErrorFallback title={ProfileTexts.notFoundTitle} message={ProfileTexts.notFoundMessage} />
        <div style={{ textAlign: 'center' }}>
          <Button variant="outline" onClick={() => window.history.back()}>
            Go back
          </Button>
        </div>
      </PageContainer>
    );
  }
  return <ProviderProfileView provider={state.provider} />;
}
