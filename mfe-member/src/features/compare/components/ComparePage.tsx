import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { COMPARE_MIN_PROVIDERS } from '@altmed/contracts/web';
import { Button, ErrorFallback, PageContainer, PageTitle, requestJoin, RouteGuard, Spinner, TextField, theme } from '@altmed/web-kit';
import { EmptyState } from '../../../components/EmptyState';
import { comparePath, useCompareTray } from '../../../lib/compareTray';
import { MEMBERSHIP_REQUIRED, useComparison } from '../hooks/useComparison';
import { isZipCode } from '../../../lib/searchPlace';
import { idsFromParam } from '../lib/compareRows';
import { CompareTexts } from '../lib/compareTexts';
import { CompareTable } from './CompareTable';

const ZipForm = styled.form`
  display: flex;
  align-items: flex-end;
  gap: ${theme.space(3)};
  flex-wrap: wrap;
  margin-bottom: ${theme.space(5)};
  > div {
    flex: 0 1 220px;
  }
  button {
    margin-bottom: 2px;
  }
`;

const Note = styled.p`
  margin-bottom: ${theme.space(4)};
  padding: ${theme.space(3)} ${theme.space(4)};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceMuted};
  color: ${theme.colors.text};
`;

const ButtonLink = styled(Link)`
  display: inline-flex;
  padding: 10px 20px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.primary};
  color: #fff;
  font-weight: 600;
  text-decoration: none;
  &:hover {
    background: ${theme.colors.primaryDark};
  }
`;

function PickMore({ note }: { note?: string }) {
  return (
    <EmptyState role="status">
      <h2>{CompareTexts.pickTitle}</h2>
      {note ? <p>{note}</p> : null}
      <p>{CompareTexts.pickMessage}</p>
      <ButtonLink to="/providers">{CompareTexts.findProviders}</ButtonLink>
    </EmptyState>
  );
}

/** The member's ZIP for the distances: kept in the URL; a new one is sent only when it is 5 digits. */
function ZipField({ zip, onZip }: { zip: string; onZip: (zip: string) => void }) {
  const [value, setValue] = useState(zip);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (next && !isZipCode(next)) return setError(CompareTexts.zipInvalid);
    setError(undefined);
    onZip(next);
  };
  return (
    <ZipForm onSubmit={submit} noValidate>
      <TextField
        label={CompareTexts.zipLabel}
        hint={CompareTexts.zipHint}
        error={error}
        name="zip"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        value={value}
        onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))}
      />
      <Button type="submit" variant="outline">
        {CompareTexts.showDistances}
      </Button>
    </ZipForm>
  );
}

function Comparison({ ids, zip, onRemove }: { ids: string[]; zip: string; onRemove: (id: string) => void }) {
  const comparison = useComparison(ids, zip);
  if (comparison.isPending || (comparison.isError && comparison.isFetching)) return <Spinner label={CompareTexts.loading} />;
  if (comparison.isError || !comparison.data) {
    return (
      <ErrorFallback title={CompareTexts.errorTitle} message={CompareTexts.errorMessage} onRetry={comparison.refetch} retryLabel={CompareTexts.tryAgain} />
    );
  }
  if (comparison.data === MEMBERSHIP_REQUIRED) {
    return (
      <EmptyState role="status">
        <h2>{CompareTexts.membersOnlyTitle}</h2>
        <p>{CompareTexts.membersOnlyMessage}</p>
        <Button onClick={() => requestJoin()}>{CompareTexts.join}</Button>
      </EmptyState>
    );
  }
  const { providers, origin } = comparison.data;
  const missing = ids.length - providers.length;
  const note = missing > 0 ? CompareTexts.notListed(missing) : undefined;
  if (providers.length < COMPARE_MIN_PROVIDERS) return <PickMore note={note} />;
  return (
    <>
      {note ? <Note role="status">{note}</Note> : null}
      {origin && !origin.known ? <Note role="status">{CompareTexts.zipUnknown(origin.zip)}</Note> : null}
      <CompareTable comparison={comparison.data} onRemove={onRemove} />
    </>
  );
}

function Compare() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tray = useCompareTray();
  const ids = idsFromParam(params.get('ids'));
  const zipParam = params.get('zip') ?? '';
  const zip = isZipCode(zipParam) ? zipParam : '';

  // /compare alone opens the member's picks.
  if (!params.has('ids') && tray.canCompare) return <Navigate to={comparePath(tray.picks.map((pick) => pick.id))} replace />;

  const show = (nextIds: string[], nextZip: string) => void navigate(comparePath(nextIds, nextZip));
  const remove = (id: string) => {
    tray.remove(id);
    show(
      ids.filter((other) => other !== id),
      zip,
    );
  };

  return (
    <PageContainer>
      <PageTitle subtitle={CompareTexts.subtitle}>{CompareTexts.title}</PageTitle>
      {ids.length < COMPARE_MIN_PROVIDERS ? (
        <PickMore />
      ) : (
        <>
          <ZipField key={zip} zip={zip} onZip={(next) => show(ids, next)} />
          <Comparison ids={ids} zip={zip} onRemove={remove} />
        </>
      )}
    </PageContainer>
  );
}

/** Compare on /compare?ids=a,b,c[&zip=12345]: two to four providers side by side, for members. */
export default function ComparePage() {
  return (
    <RouteGuard>
      <Compare />
    </RouteGuard>
  );
}
