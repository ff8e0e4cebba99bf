/** Business constants from SPEC §9. */
export const MEMBERSHIP_PRICE_USD = 119.88;
export const MEMBERSHIP_MONTHLY_FROM_USD = 9.99;
export const MEMBERSHIP_PRICE_CENTS = 11988;
export const MEMBERSHIP_CURRENCY = 'usd';

/** What a year of membership costs in cents with a promo code's percentage off, rounded to the cent (SPEC §9). */
export function membershipPriceCents(discountPercentage = 0): number {
  return Math.round((MEMBERSHIP_PRICE_CENTS * (100 - discountPercentage)) / 100);
}
/** One payment buys this many months; paying again while active extends from the current end. */
export const MEMBERSHIP_PERIOD_MONTHS = 12;
/** Sent with every card confirmation, whatever the form shows (SPEC §9). */
export const BILLING_COUNTRY = 'US';
export const BILLING_POSTAL_CODE = '90210';

/** The spec's "valid email pattern": one @, no spaces, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN_LENGTH = 6;
/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const PHONE_PATTERN = /^\d{3}-\d{3}-\d{4}$/;
export const NPI_PATTERN = /^\d{10}$/;
export const ZIP_MAX_LENGTH = 5;
export const PRACTICE_DESCRIPTION_MAX_LENGTH = 1000;
export const PROMO_DISCOUNT_MIN = 1;
export const PROMO_DISCOUNT_MAX = 100;
/** Provider cards per page of the admin list (GET /admins/providers). */
export const ADMIN_PROVIDERS_PAGE_SIZE = 20;
/** How many of a member's receipts GET /payments/receipts answers, newest first. */
export const RECEIPTS_LISTED = 12;
export const PAYMENT_INTENT_RETRIES = 2;
export const PAYMENT_INTENT_RETRY_DELAY_MS = 1000;
export const ADMIN_ENTRANCE_CLICKS = 5;
export const ADMIN_ENTRANCE_WINDOW_MS = 2000;
export const TOAST_DURATION_MS = 5000;
export const BANNER_DURATION_MS = 3000;
export const MOBILE_BREAKPOINT_PX = 768;
export const HOME_AREAS_ON_SMALL_SCREENS = 6;
export const COPYRIGHT_YEAR = 2025;
export const PROFILE_REVIEWS_SHOWN = 3;
export const PROFILE_REVIEWS_LOADED = 50;
export const REVIEWS_DEFAULT_PAGE = 1;
export const REVIEWS_DEFAULT_LIMIT = 10;
export const ADMIN_CARD_MAX_SPECIALTIES = 2;
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
/** Largest image upload accepted, in bytes (5 MB). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const AREAS_OF_INTEREST = [
  'Autoimmune',
  'Dentistry',
  'Functional Medicine',
  'Longevity Medicine',
  "Men's Health",
  'Neurodegenerative Disease',
  'Nutrition',
  'Orthopedic',
  'Regenerative Aesthetics',
  'Vision',
  "Women's Health",
] as const;
export type AreaOfInterest = (typeof AREAS_OF_INTEREST)[number];

/** The 50 US state codes (no DC). */
export const US_STATE_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export type UsStateCode = (typeof US_STATE_CODES)[number];

export const USER_ROLES = ['user', 'provider', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The members' directory (GET /directory/providers) and saved providers (/saved-providers). */
/** 'distance' (nearest first) needs a place to measure from: a ZIP code or the member's location. */
export const DIRECTORY_SORTS = ['rating', 'reviews', 'name', 'distance'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
/** The radii a search near a place may take, in miles, and the one it takes when none is given. */
export const DIRECTORY_RADII_MILES = [5, 10, 25, 50, 100] as const;
export type DirectoryRadius = (typeof DIRECTORY_RADII_MILES)[number];
export const DIRECTORY_DEFAULT_RADIUS_MILES: DirectoryRadius = 25;
export const DIRECTORY_PAGE_SIZE = 20;
/** Past this a search should be narrowed, not paged through (and no query may ask the database for more). */
export const DIRECTORY_MAX_PAGE = 250;
/** How many providers one member may keep saved. */
export const SAVED_PROVIDERS_MAX = 200;
/** Compare (GET /directory/compare, the page /compare): two to four providers side by side. */
export const COMPARE_MIN_PROVIDERS = 2;
export const COMPARE_MAX_PROVIDERS = 4;

/** Reviews written by members: two ratings from 1 to 5 (whole stars) and a text of 20 to 2,000 characters. */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_TEXT_MIN_LENGTH = 20;
export const REVIEW_TEXT_MAX_LENGTH = 2000;
/** The admin Reviews page, a page at a time. */
export const ADMIN_REVIEWS_PAGE_SIZE = 20;
/** The last page the admin review list answers (the 20,000 newest of a state) and its pager offers. */
export const ADMIN_REVIEWS_MAX_PAGE = 1_000;

/** Where members, providers and the API's users write to (the contact page, the terms, the API documents). */
export const SUPPORT_EMAIL = 'support@altmedconnect.com';

/** The shell's three remotes, as Module Federation names them. */
export const REMOTE_NAMES = ['mfe_member', 'mfe_provider', 'mfe_admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Which team's part of the site a page is: the shell's own, or a remote's. */
export const SITE_AREAS = ['shell', ...REMOTE_NAMES] as const;
export type SiteArea = (typeof SITE_AREAS)[number];

/** The Core Web Vitals and the two timings that explain them, as the `web-vitals` library names them. */
export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;

/** Where the shell sends what browsers see (the gateway's own path, not a service's). */
export const CLIENT_REPORTS_PATH = '/client-reports';
/** The share of page loads that report their web vitals (every remote load failure is reported). */
export const WEB_VITALS_SAMPLE_RATE = 0.1;
/** A front end's build as web-build's MF_BUILD_VERSION names it (`0.1.0+20261126194200123`). */
export const BUILD_VERSION_PATTERN = /^[0-9A-Za-z.+-]{1,64}$/;
/** Reports per request at most: a page load sends a handful. */
export const CLIENT_REPORTS_MAX = 10;

/** Users Management (the admin area): a member's membership state, as the list filters it. */
export const MEMBERSHIP_STATES = ['none', 'active', 'expired'] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];
export const ADMIN_MEMBERS_PAGE_SIZE = 20;
/** The pager offers pages up to this one (20,000 members); a search narrows past it. */
export const ADMIN_MEMBERS_MAX_PAGE = 1_000;
export const MEMBER_ACCOUNT_STATUSES = ['active', 'blocked'] as const;
export type MemberAccountStatus = (typeof MEMBER_ACCOUNT_STATUSES)[number];
export const MEMBER_ADMIN_ACTIONS = ['block', 'unblock'] as const;
export type MemberAdminAction = (typeof MEMBER_ADMIN_ACTIONS)[number];
/** A member has few payments, saved and reviewed providers: an admin sees the newest this many of each. */
export const MEMBER_DETAIL_LIMIT = 100;
/** Orders Management: a payment's states as the admin list shows and filters them (a record still being written is not listed). */
export const ORDER_STATUSES = ['open', 'requires_action', 'processing', 'failed', 'succeeded', 'canceled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ADMIN_ORDERS_PAGE_SIZE = 20;
/** The pager offers pages up to this one (20,000 payments); a search narrows past it. */
export const ADMIN_ORDERS_MAX_PAGE = 1_000;
/** The Dashboard's and Analytics Dashboard's charts: this many weeks, the current one last. */
export const WEEKS_CHARTED = 12;
/** The Analytics Dashboard lists this many of the most searched areas and places. */
export const MOST_SEARCHED_LISTED = 10;
/** The emails a member gets as their membership year ends: 30 and 7 days before, and once it has ended. */
export const MEMBERSHIP_REMINDER_KINDS = ['30-days', '7-days', 'ended'] as const;
export type MembershipReminderKind = (typeof MEMBERSHIP_REMINDER_KINDS)[number];
/** What a deleted member's reviews are shown under. */
export const FORMER_MEMBER_NAME = 'Former member';
/** How long an administrator's invitation link works. */
export const ADMIN_INVITATION_TTL_HOURS = 48;

/** The Contact page's topics, as the form offers them. */
export const SUPPORT_TOPICS = ['membership', 'billing', 'providers', 'account', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
export const SUPPORT_TOPIC_LABELS: Record<SupportTopic, string> = {
  membership: 'Membership',
  billing: 'Payments and receipts',
  providers: 'A provider or my listing',
  account: 'My account',
  other: 'Something else',
};
export const SUPPORT_MESSAGE_STATUSES = ['open', 'answered'] as const;
export type SupportMessageStatus = (typeof SUPPORT_MESSAGE_STATUSES)[number];
export const SUPPORT_MESSAGE_MAX_LENGTH = 5_000;
export const ADMIN_SUPPORT_PAGE_SIZE = 20;
export const ADMIN_SUPPORT_MAX_PAGE = 1_000;
/** Contact messages one address may send an hour. */
export const SUPPORT_MESSAGES_PER_HOUR = 5;
