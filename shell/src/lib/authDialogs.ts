import { createContext, useContext } from 'react';

/** The join flow's states (SPEC §4), in order; after a successful payment it closes. */
export type JoinStep = 'membership' | 'contactInfo' | 'paymentMethod' | 'paymentForm_creditCard';

/** Opens the shell's login modal and member join flow from anywhere in the shell. */
export interface AuthDialogs {
  openLogin: (returnTo?: string) => void;
  /** Opens the join flow, at its first step unless told otherwise. */
  openJoin: (step?: JoinStep) => void;
}

export const AuthDialogsContext = createContext<AuthDialogs>({
  openLogin: () => undefined,
  openJoin: () => undefined,
});

export function useAuthDialogs(): AuthDialogs {
  return useContext(AuthDialogsContext);
}
