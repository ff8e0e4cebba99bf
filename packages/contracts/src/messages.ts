import {
  ADMIN_MEMBERS_MAX_PAGE,
  ADMIN_ORDERS_MAX_PAGE,
  ADMIN_SUPPORT_MAX_PAGE,
  SUPPORT_MESSAGE_MAX_LENGTH,
  COMPARE_MAX_PROVIDERS,
  COMPARE_MIN_PROVIDERS,
  ADMIN_REVIEWS_MAX_PAGE,
  DIRECTORY_MAX_PAGE,
  DIRECTORY_RADII_MILES,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_TEXT_MIN_LENGTH,
  SAVED_PROVIDERS_MAX,
} from './constants';

/** Client-facing texts from SPEC §5 and §8 that the servers answer with. */
export const Messages = {
  signupFailed: 'Signup failed',
  loginFailed: 'Login failed',
  invalidCredentials: 'Invalid email or password',
  /** Only to the right password of a blocked account: anyone else gets invalidCredentials, so no one learns whether an address has an account. */
  accountBlocked: 'This account is blocked. To find out why or to ask for it to be unblocked, write to our support team from the Contact page.',
  emailTaken: 'User with this email already exists',
  firstAndLastNameRequired: 'First Name and Last Name are required',
  validEmailRequired: 'A valid email address is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  phoneFormat: 'Phone number must be in the format 000-000-0000',
  areasRequired: 'Please select at least one area of interest',
  loginFieldsRequired: 'Email and password are required',
  notAuthenticated: 'You are not authenticated to access this page.',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests, please try again later',
  serviceUnavailable: 'Service unavailable',
  internalError: 'Something went wrong',
  invalidJson: 'Request body is not valid JSON',
  payloadTooLarge: 'Request body is too large',
  /** The body ended before its Content-Length, or could not be read. */
  unreadableBody: 'Request body could not be read',
  /** The answer to every forgot-password request: it never says whether the email has an account. */
  passwordResetRequested: 'If an account exists for that email address, we have sent a link to reset the password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  passwordChanged: 'Your password has been changed. Please log in with your new password.',
  invalidPromoCode: 'Invalid or expired promo code',
  promoCodeExists: 'Promo code already exists',
  paymentConfirmed: 'Payment confirmed',
  paymentRequiresAction: 'Payment requires additional authentication',
  amountMismatch: 'Amount does not match the membership price',
  paymentNotFound: 'Payment not found',
  paymentConfirmationFailed: 'Payment confirmation failed',
  invalidWebhookSignature: 'Invalid webhook signature',
  subscriptionEmailSent: 'Subscription email sent',
  subscriptionEmailQueued: 'Subscription email queued',
  activeMembershipRequired: 'An active membership is required',
} as const;

/** The card step's texts (SPEC §8), and the page's own where the spec names a message but not its words. */
export const PaymentMessages = {
  logInToPay: 'Please log in to make a payment',
  userIdMissing: 'User ID not found. Please log in again',
  elementsNotReady: 'Payment elements not ready. Please wait',
  intentRetrying: 'Payment intent not available. Retrying...',
  intentFailedAfterRetries: 'Failed to create payment intent after multiple attempts',
  paymentFailed: 'Payment failed. Please try again',
  failedAfterAuthentication: 'Payment failed after authentication',
  submissionFailed: 'Payment submission failed',
  cardPaymentsUnavailable: 'Card payments could not be loaded. Please refresh the page, or try again in a few minutes.',
  promoApplied: 'Promo code applied successfully!',
  paymentSucceeded: 'Payment successful! Your membership is active.',
  subscriptionEmailFailed: 'Payment successful, but failed to send confirmation email. Please contact support.',
} as const;

/** Provider portal, profile and dashboard texts (SPEC §5, §8), and the server's own where the spec has none. */
export const ProviderMessages = {
  fieldRequired: 'This field is required.',
  npiFormat: 'Invalid NPI Number. It must be 10 digits.',
  npiCheckDigit: 'Invalid NPI Number. Please check the number: its last digit does not match.',
  invalidEmail: 'Invalid email address.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordsDoNotMatch: 'Passwords do not match.',
  stateInvalid: 'Please choose one of the 50 US state codes.',
  zipTooLong: 'ZIP must be at most 5 characters.',
  tooLong: 'This field is too long.',
  /** The 400 messages §8 maps to fields. */
  emailExists: 'Email already exists',
  npiExists: 'NPI Number already exists',
  /** What the email field says when that email already has a provider account. */
  emailRegisteredLogIn: 'This email address is already registered. Please log in instead.',
  licenseIncomplete: 'Each state license must include state, DEA number, and license number.',
  licenseDuplicateState: 'Cannot have multiple licenses for the same state.',
  deaFormat: 'Invalid DEA Number. It must be two letters followed by seven digits.',
  deaCheckDigit: 'Invalid DEA Number. Please check the number: its last digit does not match.',
  specialtyInvalid: 'Please choose specialties from the list.',
  onlyImages: 'Only JPG/PNG image files are allowed for this field.',
  imageTooLarge: 'Images must be at most 5 MB.',
  bothImagesRequired: 'Please upload both headshot and gallery images before continuing.',
  descriptionRequired: 'Practice description is required',
  descriptionTooLong: 'Practice description must be at most 1000 characters.',
  imagesNotSaved: 'Images were not properly saved to provider record',
  providerNotFound: 'Provider Not Found',
  /** An admin action the provider's status does not offer (SPEC §4: approve a pending one, block an active one, unblock a blocked one). */
  actionNotAllowed: 'This action does not apply to the provider’s current status.',
  notYourRecord: 'You can only change your own provider record',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed',
  notificationSent: 'Notification sent',
} as const;

/** The members' directory and saved providers. */
export const DirectoryMessages = {
  searchTooLong: 'The search may be at most 100 characters',
  areaInvalid: 'Choose areas of interest from the list',
  stateInvalid: 'Choose a state from the list',
  cityInvalid: 'The city may be at most 100 characters',
  sortInvalid: 'Sort by rating, reviews, name or distance',
  sortNeedsPlace: 'Nearest first needs a ZIP code or your location',
  radiusInvalid: `Choose a radius of ${DIRECTORY_RADII_MILES.slice(0, -1).join(', ')} or ${DIRECTORY_RADII_MILES.at(-1)} miles`,
  radiusNeedsPlace: 'A radius needs a ZIP code or your location',
  pageInvalid: `The page must be a whole number from 1 to ${DIRECTORY_MAX_PAGE}`,
  savedInvalid: 'saved may only be true',
  savedLimit: `You can save up to ${SAVED_PROVIDERS_MAX} providers`,
  savedNeedsLogin: 'Log in as a member to see your saved providers',
} as const;

/** Where a member searches from: a ZIP code, or the browser's position rounded to about a kilometre. */
export const PlaceMessages = {
  zipInvalid: 'Enter a 5-digit US ZIP code',
  zipUnknown: 'We do not know that ZIP code: check it, or try one nearby',
  locationInvalid: 'The location must be a latitude and a longitude with at most 2 decimals',
  placeTwice: 'Search near a ZIP code or your location, not both',
} as const;

/** Compare: providers side by side. */
export const CompareMessages = {
  idsInvalid: `Choose ${COMPARE_MIN_PROVIDERS} to ${COMPARE_MAX_PROVIDERS} different providers to compare`,
} as const;

/** Reviews written by members, and their moderation. */
export const ReviewMessages = {
  ratingInvalid: `Ratings must be whole numbers from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX}`,
  textTooShort: `The review must be at least ${REVIEW_TEXT_MIN_LENGTH} characters`,
  textTooLong: `The review must be at most ${REVIEW_TEXT_MAX_LENGTH} characters`,
  textRequired: 'Please write your review',
  alreadyReviewed: 'You have already reviewed this provider',
  reviewNotFound: 'Review not found',
  actionInvalid: 'Action must be approve or reject',
  actionNotAllowed: 'This action does not apply to the review’s current state.',
  statusInvalid: 'Status must be pending, approved or rejected',
  listLoading: 'The review list is still loading; try again in a minute',
  pageInvalid: `The page must be a whole number from 1 to ${ADMIN_REVIEWS_MAX_PAGE}`,
} as const;

/** Users Management (the admin area). */
export const MemberAdminMessages = {
  memberNotFound: 'Member not found',
  pageInvalid: `The page must be a whole number from 1 to ${ADMIN_MEMBERS_MAX_PAGE}`,
  membershipInvalid: 'Membership must be none, active or expired',
  actionInvalid: 'Action must be block or unblock',
  alreadyBlocked: 'This member is already blocked',
  notBlocked: 'This member is not blocked',
  listLoading: 'The member list is still loading; try again in a minute',
  receiptResent: 'The receipt is on its way to the member again.',
  receiptOnlyForPaid: 'Only a paid membership has a receipt',
} as const;

/** My membership: a member's own account. */
export const AccountMessages = {
  passwordRequired: 'Enter your password to delete your account',
  passwordWrong: 'Password is incorrect',
  deleted: 'Your account has been deleted.',
  onlyMembers: 'Only a member account can be deleted here',
} as const;

/** Orders Management (the admin area). */
export const OrderMessages = {
  statusInvalid: 'Status must be open, requires_action, processing, failed, succeeded, canceled or refunded',
  pageInvalid: `The page must be a whole number from 1 to ${ADMIN_ORDERS_MAX_PAGE}`,
  listLoading: 'The payment list is still loading; try again in a minute',
  refunded: 'The payment is refunded and the membership it paid for has ended.',
  alreadyRefunded: 'This payment has already been refunded',
  refundUnderWay: 'This payment is being refunded right now; look at it again in a moment',
  refundPending: 'The refund is pending at the card’s bank; the membership it paid for ends once the refund goes through.',
  refundOnlyForPaid: 'Only a paid membership can be refunded',
  nothingToRefund: 'Nothing was charged for this payment, so there is nothing to refund',
} as const;

/** Admin Settings (the admin area). */
export const AdministratorMessages = {
  invitationInvalid: 'This invitation link is invalid or has expired. Ask an administrator for a new one.',
  nameRequired: 'Your name is required',
  emailHasAccount: 'This email already has an account',
  administratorNotFound: 'Administrator not found',
  lastAdministrator: 'The last administrator cannot be removed',
  invitationAlreadySent: 'An invitation to this email was just sent',
  invitationNotFound: 'Invitation not found',
} as const;

/** The Contact page and the Support Center. */
export const SupportMessages = {
  nameRequired: 'Your name is required',
  topicInvalid: 'Choose a topic',
  messageRequired: 'A message is required',
  messageTooShort: 'The message must be at least 10 characters',
  messageTooLong: `The message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`,
  received: 'Thank you. Your message has reached our support team; we answer by email within one business day.',
  statusInvalid: 'Status must be open or answered',
  pageInvalid: `The page must be a whole number from 1 to ${ADMIN_SUPPORT_MAX_PAGE}`,
  replyRequired: 'A reply is required',
  messageNotFound: 'Message not found',
  replySent: 'Reply sent by email.',
  listLoading: 'The message list is still loading; try again in a minute',
} as const;
