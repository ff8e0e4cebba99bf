import { createContext, useContext } from 'react';

/** Opens the shell's login modal and member join flow from anywhere in the shell. */
export interface AuthDialogs {
  openLogin: () => void;
  openJoin: () => void;
}

export const AuthDialogsContext = createContext<AuthDialogs>({
  openLogin: () => undefined,
  openJoin: () => undefined,
});

export function useAuthDialogs(): AuthDialogs {
  return useContext(AuthDialogsContext);
}
