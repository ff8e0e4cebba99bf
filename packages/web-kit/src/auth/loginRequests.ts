/**
 * A page that needs a login asks for one here; the shell's login modal listens and, after a
 * successful login, goes to `returnTo`. web-kit is a federation singleton, so a remote's guard
 * reaches the shell's modal.
 */
export interface LoginRequest {
  /** The page (path and query) to open once the user has logged in. */
  returnTo?: string;
  /** Why the login is asked for, shown in the login modal (a guard's text). */
  reason?: string;
}

/**
 * Requests from any app to the shell, which owns the auth modals. One made before anyone listens
 * waits for the first listener (a guard's effect runs before its ancestors' effects).
 */
function requestChannel<T>() {
  const listeners = new Set<(request: T) => void>();
  let pending: { request: T } | null = null;
  return {
    request: (request: T): void => {
      if (listeners.size === 0) {
        pending = { request };
        return;
      }
      listeners.forEach((listener) => listener(request));
    },
    /** Listens, starting with a request still waiting; returns the function that stops listening. */
    listen: (listener: (request: T) => void): (() => void) => {
      listeners.add(listener);
      if (pending) {
        const { request } = pending;
        pending = null;
        listener(request);
      }
      return () => listeners.delete(listener);
    },
  };
}

const loginRequests = requestChannel<LoginRequest>();
const joinRequests = requestChannel<void>();

export const requestLogin = (request: LoginRequest = {}): void => loginRequests.request(request);
export const onLoginRequest = loginRequests.listen;

/** Opens the shell's join flow (a remote's "Join" button). */
export const requestJoin = (): void => joinRequests.request();
export const onJoinRequest = joinRequests.listen;
