export { theme, MOBILE_BREAKPOINT_PX, type Theme } from './theme';
export { GlobalStyle } from './GlobalStyle';

export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './ui/Button';
export { Card } from './ui/Card';
export { PageContainer } from './ui/PageContainer';
export { TextField, SelectField, TextAreaField, type TextFieldProps, type SelectFieldProps, type TextAreaFieldProps } from './ui/fields';
export { NewPasswordFields, type NewPasswordFieldsProps } from './ui/NewPasswordFields';
export { PageTitle, type PageTitleProps } from './ui/PageTitle';
export { Spinner, type SpinnerProps } from './ui/Spinner';
export { ErrorFallback, type ErrorFallbackProps } from './ui/ErrorFallback';

export {
  createSessionStore,
  getSessionStore,
  readStoredSession,
  tokenExpiresAt,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
  type SessionStore,
  type SessionStorageLike,
  type SessionEndReason,
} from './session/sessionStore';
export { SessionProvider, useSession, useSessionEnd, type Session, type SessionProviderProps } from './session/SessionContext';
export { isAdminUser, type SessionUser, type SessionState, type UserRole, type SessionContactInfo } from './session/types';

export { apiRequest, ApiError, API_BASE, DefaultErrors, onUnauthorized, type ApiRequestOptions } from './api/apiRequest';
export { apiCall, type ApiCallOptions } from './api/apiCall';

export { useMediaQuery, useIsMobile } from './hooks/useMediaQuery';
export { formatDate } from './format/formatDate';

export { Modal, type ModalProps } from './ui/Modal';
export { toast, getToastStore, createToastStore, type Toast, type ToastTone, type ToastStore } from './toast/toastStore';
export { Toaster } from './toast/Toaster';
export { requestLogin, onLoginRequest, requestJoin, onJoinRequest, type LoginRequest } from './auth/loginRequests';
export { isAccountBlocked } from './auth/accountBlocked';
export {
  ROUTE_ACCESS,
  GuardMessages,
  accessRuleFor,
  mayOpen,
  guardDecision,
  type Access,
  type RouteAccessRule,
  type GuardDecision,
} from './access/routeAccess';
export { RouteGuard, type GuardRedirectState } from './access/RouteGuard';
