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

type Listener = (request: LoginRequest) => void;
const listeners = new Set<Listener>();
/** A request made before anyone listened (a guard's effect runs before its ancestors' effects). */
let pending: LoginRequest | null = null;

export function requestLogin(request: LoginRequest = {}): void {
  if (listeners.size === 0) {
    pending = request;
    return;
  }
  listeners.forEach((listener) => listener(request));
}

/** Listens for login requests, starting with one still waiting; returns the function that stops listening. */
export function onLoginRequest(listener: Listener): () => void {
  listeners.add(listener);
  if (pending) {
    const request = pending;
    pending = null;
    listener(request);
  }
  return () => listeners.delete(listener);
}
