import type { AdminProvider, AdminProvidersResponse, ProviderAdminAction, ProviderStatusUpdate } from '@altmed/contracts/web';
import { apiRequest, DefaultErrors } from '@altmed/web-kit';

export type { AdminProvider, ProviderStats } from '@altmed/contracts/web';

export type ProviderStatus = 'Approved' | 'Pending' | 'Blocked';
export type StatusFilter = 'all' | 'approved' | 'pending' | 'blocked';
/** What an admin does to a provider; unblock returns it to pending (SPEC §4), and is sent as `unblock` so the server can tell it from block. */
export type ProviderAction = ProviderAdminAction;

/** Status from the two flags (SPEC §4). */
export function providerStatus(provider: Pick<AdminProvider, 'isActive' | 'isApproved'>): ProviderStatus {
  if (!provider.isActive) return 'Blocked';
  return provider.isApproved ? 'Approved' : 'Pending';
}

/** Which actions a card offers: Approve when active and not approved, Block when active, Unblock when not. */
export function availableActions(provider: Pick<AdminProvider, 'isActive' | 'isApproved'>): ProviderAction[] {
  if (!provider.isActive) return ['unblock'];
  return provider.isApproved ? ['block'] : ['approve', 'block'];
}

/** A page of the admin list; the page numbers are always there (the server counts pages from 1). */
export type ProvidersPageData = AdminProvidersResponse & Required<Pick<AdminProvidersResponse, 'page' | 'totalPages' | 'total'>>;

/** GET /api/admins/providers?status&search&page with the admin's token. */
export async function fetchProviders(
  token: string | null,
  query: { status: StatusFilter; search: string; page?: number },
  signal?: AbortSignal,
): Promise<ProvidersPageData> {
  const params = new URLSearchParams();
  if (query.status !== 'all') params.set('status', query.status);
  if (query.search.trim()) params.set('search', query.search.trim());
  params.set('page', String(query.page ?? 1));
  const data = await apiRequest<Partial<AdminProvidersResponse> | undefined>(`/admins/providers?${params.toString()}`, {
    token,
    defaultError: DefaultErrors.fetchProviders,
    signal,
  });
  const providers = Array.isArray(data?.providers) ? data.providers : [];
  const page = data?.page ?? query.page ?? 1;
  return {
    providers,
    stats: { total: 0, approved: 0, pending: 0, blocked: 0, ...data?.stats },
    page,
    totalPages: Math.max(1, data?.totalPages ?? page),
    total: data?.total ?? providers.length,
  };
}

/** PUT /api/admins/providers/{id}/status: approve, block or unblock. */
export function updateProviderStatus(token: string | null, id: string, action: ProviderAction): Promise<unknown> {
  const body: ProviderStatusUpdate = { status: action };
  return apiRequest(`/admins/providers/${encodeURIComponent(id)}/status`, {
    method: 'PUT',
    body,
    token,
    defaultError: DefaultErrors.updateProviderApproval,
  });
}
