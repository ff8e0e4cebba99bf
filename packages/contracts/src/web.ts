/**
 * What the browser apps share with the services, without the schemas: the spec's constants and
 * messages, and the API's types. Kept apart so the front end does not download zod for a handful
 * of numbers and texts; the types are type-only exports, erased from the bundle.
 */
export * from './constants';
export * from './messages';
export * from './identifiers';
export * from './places';
export type { ClientReport, ClientReportsRequest } from './client-reports';
export type { ApiPathParameters, ApiQuery, ApiRequestBody, ApiResponseBody, ApiRouteKey } from './api-routes';
export type {
  AdminProvider,
  AdminProvidersQuery,
  AdminProvidersResponse,
  Provider,
  ProviderBasicInfo,
  ProviderContent,
  ProviderQualifications,
  ProviderSignup,
  ProviderSignupResponse,
  ProviderStatus,
  ProviderStats,
  ProviderAdminAction,
  ProviderStatusUpdate,
  StateLicense,
  UploadSignatureRequest,
  UploadSignatureResponse,
} from './providers';
export type { NewPromoCode, PromoCode, PromoCodeListResponse } from './promo-codes';
export type {
  ConfirmPaymentRequest,
  ConfirmPaymentResponse,
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  Membership,
  PaymentConfig,
  Receipt,
  ReceiptsResponse,
  ValidatePromoCodeResponse,
} from './billing';
export type { AuthResponse, ChangePasswordRequest, PublicUser } from './users';
export type {
  CompareProvider,
  CompareQuery,
  CompareResponse,
  DirectoryProvider,
  DirectoryQuery,
  DirectoryResponse,
  DirectorySearch,
  ProviderProfileQuery,
  SavedProvidersResponse,
  SavedProviderState,
} from './directory';
export type {
  AdminReview,
  AdminReviewResponse,
  AdminReviewsQuery,
  AdminReviewsResponse,
  OwnReview,
  OwnReviewResponse,
  Review,
  ReviewModeration,
  ReviewModerationAction,
  ReviewModerationRequest,
  ReviewState,
  ReviewStats,
  ReviewsQuery,
  ReviewsResponse,
  WriteReviewRequest,
} from './reviews';
export type {
  AdminMember,
  AdminMemberResponse,
  AdminMembersQuery,
  AdminMembersResponse,
  AdminMemberSummary,
  AdminPayment,
  MemberActivityResponse,
  MemberPaymentsResponse,
  MemberStatusUpdate,
  ReceiptResendResponse,
} from './members-admin';
export type {
  AcceptAdminInvitationRequest,
  AdminInvitation,
  AdminInvitationRequest,
  AdminInvitationResponse,
  Administrator,
  AdministratorsResponse,
} from './administrators';
export type {
  AdminSupportMessage,
  AdminSupportMessagesResponse,
  AdminSupportQuery,
  SupportMessageRequest,
  SupportReplyRequest,
  SupportReplyResponse,
} from './support';
