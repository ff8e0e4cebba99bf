import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { requestLogin } from '../auth/loginRequests';
import { useSession } from '../session/SessionContext';
import { toast } from '../toast/toastStore';
import { guardDecision } from './routeAccess';

/** Where a guarded page came from: the admin login goes back there after logging in. */
export interface GuardRedirectState {
  from: string;
}

/**
 * Renders `children` only when the session may open the current page (ROUTE_ACCESS). Otherwise it
 * sends the visitor to the rule's page with the spec's toast and, when nobody is logged in, asks for
 * a login that brings them back. The session is read synchronously from storage, so there is no
 * loading phase to wait for. After an explicit logout it renders nothing and leaves the navigation
 * to the logout's caller.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { token, user, loggedOut } = useSession();
  const decision = guardDecision(location.pathname, { token, user });
  const from = `${location.pathname}${location.search}`;
  // The visit this guard last let through: a logout there is followed by its caller's navigation.
  const [openVisit, setOpenVisit] = useState<string | null>(null);
  if (decision.allowed && openVisit !== location.key) setOpenVisit(location.key);
  const quiet = loggedOut && openVisit === location.key;
  // Once per denied visit, also under StrictMode's second effect run.
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (decision.allowed || quiet || announced.current === location.key) return;
    announced.current = location.key;
    toast.error(decision.message);
    if (decision.askLogin) requestLogin({ returnTo: from, reason: decision.message });
  }, [decision, from, location.key, quiet]);

  if (decision.allowed) return <>{children}</>;
  // Whoever logged out is taking the user elsewhere: no toast, no second redirect racing it.
  if (quiet) return null;
  const state: GuardRedirectState = { from };
  return <Navigate to={decision.redirectTo} replace state={state} />;
}
