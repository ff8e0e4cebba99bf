import type { DirectoryProvider } from '@altmed/contracts/web';
import { getMyAccount, getMyPayments, getMyReviews, getSavedProviders, type MyAccount, type MyPayment, type MyReview } from '../api/account';

/** The file Download my data saves: what each service holds of the member, in one JSON document. */
export interface MyDataExport {
  /** ISO date-time of the export. */
  exportedAt: string;
  account: MyAccount;
  payments: MyPayment[];
  reviews: MyReview[];
  savedProviders: DirectoryProvider[];
}

/** Asks each service for what it holds of the member, all at once; fails with the first call that fails. */
export async function collectMyData(token: string, now: Date): Promise<MyDataExport> {
  const [account, payments, reviews, savedProviders] = await Promise.all([
    getMyAccount(token),
    getMyPayments(token),
    getMyReviews(token),
    getSavedProviders(token),
  ]);
  return { exportedAt: now.toISOString(), account, payments, reviews, savedProviders };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `altmed-my-data-<YYYY-MM-DD>.json`, the member's own calendar day. */
export function myDataFileName(now: Date): string {
  return `altmed-my-data-${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}.json`;
}

/**
 * Saves `data` as a JSON file through a temporary `<a download>`. The object URL is released a task
 * later: Firefox starts the download after the click's task, and a URL revoked before that fails it.
 */
export function saveJsonFile(fileName: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
