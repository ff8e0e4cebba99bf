import { useQuery } from '@tanstack/react-query';
import { useSession } from '@altmed/web-kit';
import { fetchMemberFigures, fetchPaymentFigures, fetchProviderFigures } from '../lib/figures';

/**
 * The Dashboard's and Analytics Dashboard's figures: one query per service, so one that fails or
 * is slow (a service answers 503 while its read model loads) leaves the others' parts shown. Keyed
 * alike on both pages: going from one to the other within the cache's freshness asks nothing again.
 */
export function useFigures() {
  const { token } = useSession();
  const members = useQuery({ queryKey: ['admin-figures', 'members', token], queryFn: ({ signal }) => fetchMemberFigures(token, signal) });
  const payments = useQuery({ queryKey: ['admin-figures', 'payments', token], queryFn: ({ signal }) => fetchPaymentFigures(token, signal) });
  const providers = useQuery({ queryKey: ['admin-figures', 'providers', token], queryFn: ({ signal }) => fetchProviderFigures(token, signal) });
  return { members, payments, providers };
}
