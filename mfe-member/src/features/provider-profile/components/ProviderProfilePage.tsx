import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button, ErrorFallback, PageContainer, RouteGuard, Spinner } from '@altmed/web-kit';
import { placeFromParams } from '../../../lib/searchPlace';
import { useProviderProfile } from '../hooks/useProviderProfile';
import { ProfileTexts } from '../lib/profileTexts';
import { ProviderProfileView } from './ProviderProfileView';

function ProviderProfile({ providerId }: { providerId: string }) {
  // Opened from a search near a place, the link says which: the profile shows the distance.
  const [params] = useSearchParams();
  const place = placeFromParams(params);
  const profile = useProviderProfile(providerId, place);
  const navigate = useNavigate();

  if (profile.isPending || (profile.isError && profile.isFetching)) {
    return (
      <PageContainer>
        <Spinner label={ProfileTexts.loading} />
      </PageContainer>
    );
  }
  if (profile.isError) {
    return (
      <PageContainer>
        <ErrorFallback title={ProfileTexts.errorTitle} message={ProfileTexts.errorMessage} onRetry={profile.refetch} retryLabel={ProfileTexts.tryAgain} />
      </PageContainer>
    );
  }
  if (!profile.data) {
    return (
      <PageContainer>
        <ErrorFallback title={ProfileTexts.notFoundTitle} message={ProfileTexts.notFoundMessage}>
          <Button variant="ghost" onClick={() => void navigate(-1)}>
            {ProfileTexts.goBack}
          </Button>
        </ErrorFallback>
      </PageContainer>
    );
  }
  return <ProviderProfileView provider={profile.data.provider} distanceMiles={profile.data.distanceMiles} zip={place.near} />;
}

/** The public provider profile (SPEC §2), mounted on /provider-profile/:providerId, for any logged-in user. */
export default function ProviderProfilePage() {
  const { providerId = '' } = useParams<{ providerId: string }>();
  return (
    <RouteGuard>
      <ProviderProfile key={providerId} providerId={providerId} />
    </RouteGuard>
  );
}
