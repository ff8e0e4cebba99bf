import {
  ADMIN_PROVIDERS_PAGE_SIZE,
  ProviderMessages,
  type AccessTokenClaims,
  type AdminProvidersQuery,
  type AdminProvidersResponse,
  type Provider,
  type ProviderAdminAction,
} from '@altmed/contracts';
import { AppError, createEvent, notFound, withEvents } from '@altmed/service-kit';
import type { ProviderDocument, StatusChange } from '../providers/provider.model';
import { statusOf } from '../providers/provider-view';
import { providerView, type ProvidersDeps } from '../providers/providers.domain';
import type { ProviderSearch } from '../search/provider-search';

export interface AdminProvidersDeps extends ProvidersDeps {
  search: ProviderSearch;
}

const SOURCE = 'svc-providers';

/**
 * The admin list: every provider with an account, by status and search, newest first, a page at a
 * time, with the counts of each status. The search finds the start of any word of the practice name,
 * provider name, email, NPI or city, regardless of case. Which ids, how many and the counts come from
 * this instance's search index; the page's records through its record cache.
 */
export async function listProvidersForAdmin(deps: AdminProvidersDeps, query: AdminProvidersQuery, auth: AccessTokenClaims): Promise<AdminProvidersResponse> {
  const page = query.page ?? 1;
  const { ids, total, stats } = deps.search.admin(query);
  const byId = await deps.search.recordsOf(ids);
  const records = ids.flatMap((id) => {
    const record = byId.get(id);
    return record?.accountState === 'active' ? [record] : [];
  });
  const providers = await Promise.all(records.map((record) => adminView(deps, record, auth)));
  return { providers, stats, page, total, totalPages: Math.max(1, Math.ceil(total / ADMIN_PROVIDERS_PAGE_SIZE)) };
}

async function adminView(deps: AdminProvidersDeps, record: ProviderDocument, auth: AccessTokenClaims) {
  const view: Provider = await providerView(deps, record, auth);
  const last = record.statusHistory?.at(-1);
  return {
    ...view,
    isActive: record.isActive,
    isApproved: record.isApproved,
    ...(last ? { lastStatusChange: { action: last.action, by: last.by.email, at: last.at.toISOString() } } : {}),
  };
}

/** Which flags an action sets, and whether the provider's status offers it (SPEC §4). */
const transitions: Record<
  ProviderAdminAction,
  { allowed: (p: ProviderDocument) => boolean; set: Pick<ProviderDocument, 'isActive' | 'isApproved'> | { isActive: false } }
> = {
  approve: { allowed: (p) => p.isActive && !p.isApproved, set: { isActive: true, isApproved: true } },
  block: { allowed: (p) => p.isActive, set: { isActive: false } },
  // Back to pending: the provider is vetted again before members see it.
  unblock: { allowed: (p) => !p.isActive, set: { isActive: true, isApproved: false } },
};

/**
 * Approves, blocks or unblocks a provider: the new flags, the audit entry and the
 * provider.status_changed event are one write, made only if the flags are still those the action was
 * checked against (a second admin acting at the same moment gets 409).
 */
export async function changeProviderStatus(deps: AdminProvidersDeps, providerId: string, action: ProviderAdminAction, admin: AccessTokenClaims) {
  const provider = await deps.providers.findOne({ _id: providerId, accountState: 'active' }).lean<ProviderDocument>();
  if (!provider) throw notFound(ProviderMessages.providerNotFound);
  const transition = transitions[action];
  if (!transition.allowed(provider)) throw new AppError(409, ProviderMessages.actionNotAllowed);

  const change: StatusChange = { action, by: { id: admin.sub, email: admin.email }, at: new Date() };
  const next = { ...provider, ...transition.set };
  const event = createEvent(
    'provider.status_changed',
    {
      providerId,
      providerName: provider.providerName,
      practiceName: provider.practiceName,
      email: provider.email,
      action,
      status: statusOf(next),
      previousStatus: statusOf(provider),
      changedBy: change.by,
      changedAt: change.at.toISOString(),
    },
    SOURCE,
  );
  const result = await deps.providers.updateOne(
    { _id: providerId, isActive: provider.isActive, isApproved: provider.isApproved },
    withEvents<ProviderDocument>({ $set: transition.set, $push: { statusHistory: change } }, [event]),
  );
  if (result.modifiedCount !== 1) throw new AppError(409, ProviderMessages.actionNotAllowed);
  await deps.providerWritten(providerId);
  const updated = await deps.providers.findById(providerId).lean<ProviderDocument>();
  return { provider: await adminView(deps, updated!, admin) };
}
