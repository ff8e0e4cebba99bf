import { ADMIN_SUPPORT_MAX_PAGE, type AdminSupportMessagesResponse, type SupportMessageStatus, type SupportReplyResponse } from '@altmed/contracts/web';
import { apiCall } from '@altmed/web-kit';

export type { AdminSupportMessage, AdminSupportMessagesResponse, SupportMessageStatus, SupportTopic } from '@altmed/contracts/web';

/** The texts of a failed call when the server sends no message of its own. */
export const SupportErrors = {
  fetchList: 'Failed to fetch the messages',
  reply: 'Failed to send the reply',
} as const;

/** GET /api/support/messages?status&search&page with the admin's token; `totalPages` never counts a page past the ones the server serves. */
export async function fetchSupportMessages(
  token: string | null,
  query: { status: SupportMessageStatus; search: string; page: number },
  signal?: AbortSignal,
): Promise<AdminSupportMessagesResponse> {
  const data = await apiCall('GET /support/messages', {
    query: { status: query.status, search: query.search.trim() || undefined, page: query.page },
    token,
    defaultError: SupportErrors.fetchList,
    signal,
  });
  return { ...data, totalPages: Math.min(ADMIN_SUPPORT_MAX_PAGE, Math.max(1, data.totalPages)) };
}

/** POST /api/support/messages/{messageId}/reply: emails the reply; answers the server's message and the message as it now is (answered, the reply last). */
export function replyToSupportMessage(token: string | null, messageId: string, text: string): Promise<SupportReplyResponse> {
  return apiCall('POST /support/messages/:messageId/reply', { params: { messageId }, body: { text }, token, defaultError: SupportErrors.reply });
}
