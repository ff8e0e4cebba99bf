import type { AdminProvider, AdminProvidersResponse, ApiResponseBody, ProviderAdminAction } from '@altmed/contracts/web';
import { apiCall, DefaultErrors } from '@altmed/web-kit';

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
  const data = await apiCall('GET /admins/providers', {
    query: { status: query.status === 'all' ? undefined : query.status, search: query.search.trim(), page: query.page ?? 1 },
    token,
    defaultError: DefaultErrors.fetchProviders,
    signal,
  });
  const providers = Array.isArray(data?.providers) ? data.providers : [];
  const page = data?.page ?? query.page ?? 1;
  return {
    providers,
    stats: data?.stats ?? { total: 0, approved: 0, pending: 0, blocked: 0 },
    page,
    totalPages: Math.max(1, data?.totalPages ?? page),
    total: data?.total ?? providers.length,
  };
}

/** PUT /api/admins/providers/{id}/status: approve, block or unblock. */
export function updateProviderStatus(token: string | null, id: string, action: ProviderAction): Promise<ApiResponseBody<'PUT /admins/providers/:id/status'>> {
  return apiCall('PUT /admins/providers/:id/status', {
    params: { id },
    body: { status: action },
    token,
    defaultError: DefaultErrors.updateProviderApproval,
  });
}
