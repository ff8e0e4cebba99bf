/** The provider id kept in browser storage between the sign-up steps (SPEC §3, §4). */
export const PROVIDER_ID_STORAGE_KEY = 'providerId';

export function getStoredProviderId(): string | null {
  try {
    return window.localStorage.getItem(PROVIDER_ID_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeProviderId(id: string): void {
  try {
    window.localStorage.setItem(PROVIDER_ID_STORAGE_KEY, id);
  } catch {
    /* storage unavailable */
  }
}

export function clearStoredProviderId(): void {
  try {
    window.localStorage.removeItem(PROVIDER_ID_STORAGE_KEY);
  } catch {
    /* storage unavailable */
  }
}
