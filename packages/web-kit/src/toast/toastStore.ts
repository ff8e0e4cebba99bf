import { TOAST_DURATION_MS } from '@altmed/contracts/web';

export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
}

type Listener = () => void;

export interface ToastStore {
  getToasts: () => readonly Toast[];
  subscribe: (listener: Listener) => () => void;
  /** Shows a toast for `durationMs` (SPEC §9: 5 s); the same text and tone already showing is not repeated. */
  show: (tone: ToastTone, message: string, durationMs?: number) => void;
  dismiss: (id: number) => void;
  /** Removes every toast. */
  clear: () => void;
}

export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const set = (next: readonly Toast[]) => {
    toasts = next;
    listeners.forEach((listener) => listener());
  };
  const dismiss = (id: number) => {
    if (toasts.some((toast) => toast.id === id)) set(toasts.filter((toast) => toast.id !== id));
  };
  return {
    getToasts: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(tone, message, durationMs = TOAST_DURATION_MS) {
      if (toasts.some((toast) => toast.tone === tone && toast.message === message)) return;
      const id = nextId;
      nextId += 1;
      set([...toasts, { id, tone, message }]);
      setTimeout(() => dismiss(id), durationMs);
    },
    dismiss,
    clear: () => set([]),
  };
}

/** The page's one toast queue: web-kit is a federation singleton, so a remote's toast shows in the shell's Toaster. */
const pageToasts = createToastStore();

export function getToastStore(): ToastStore {
  return pageToasts;
}

/** Shows a toast top-right for 5 s (SPEC §9), from the shell or any remote. */
export const toast = {
  success: (message: string) => pageToasts.show('success', message),
  error: (message: string) => pageToasts.show('error', message),
  info: (message: string) => pageToasts.show('info', message),
};
