import { matchPath } from 'react-router-dom';
import { SITE_NAME } from '../lib/site';

/** Each page's <title>, first match wins (the admin remote's pages included). */
export const PAGE_TITLES: readonly { path: string; title: string }[] = [
  { path: '/', title: `${SITE_NAME}: vetted alternative-medicine providers` },
  { path: '/how', title: `How It Works | ${SITE_NAME}` },
  { path: '/about', title: `About Us | ${SITE_NAME}` },
  { path: '/faq', title: `FAQ | ${SITE_NAME}` },
  { path: '/contact', title: `Contact Us | ${SITE_NAME}` },
  { path: '/privacy', title: `Privacy Policy | ${SITE_NAME}` },
  { path: '/terms', title: `Terms of Service | ${SITE_NAME}` },
  { path: '/reset-password', title: `Choose a New Password | ${SITE_NAME}` },
  { path: '/account', title: `My Membership | ${SITE_NAME}` },
  { path: '/provider-portal', title: `Provider Sign Up: Practice Information | ${SITE_NAME}` },
  { path: '/qualifications', title: `Provider Sign Up: Qualifications | ${SITE_NAME}` },
  { path: '/profile-content', title: `Provider Sign Up: Profile Content | ${SITE_NAME}` },
  { path: '/completion', title: `Provider Sign Up Complete | ${SITE_NAME}` },
  { path: '/provider/profile', title: `Provider Dashboard | ${SITE_NAME}` },
  { path: '/providers', title: `Find a Provider | ${SITE_NAME}` },
  { path: '/provider-profile/:providerId', title: `Provider Profile | ${SITE_NAME}` },
  { path: '/compare', title: `Compare Providers | ${SITE_NAME}` },
  { path: '/admin/login', title: `Admin Portal | ${SITE_NAME}` },
  { path: '/admin/accept-invitation', title: `Become an Administrator | ${SITE_NAME} Admin` },
  { path: '/admin/providers', title: `Provider Management | ${SITE_NAME} Admin` },
  { path: '/admin/promo-codes', title: `Promo Codes Management | ${SITE_NAME} Admin` },
  { path: '/admin/reviews', title: `Reviews Moderation | ${SITE_NAME} Admin` },
  { path: '/admin/dashboard', title: `Dashboard | ${SITE_NAME} Admin` },
  { path: '/admin/users', title: `Users Management | ${SITE_NAME} Admin` },
  { path: '/admin/users/:userId', title: `Member | ${SITE_NAME} Admin` },
  { path: '/admin/orders', title: `Orders Management | ${SITE_NAME} Admin` },
  { path: '/admin/analytics', title: `Analytics Dashboard | ${SITE_NAME} Admin` },
  { path: '/admin/settings', title: `Admin Settings | ${SITE_NAME} Admin` },
  { path: '/admin/support', title: `Support Center | ${SITE_NAME} Admin` },
];

export function pageTitleFor(pathname: string): string {
  return PAGE_TITLES.find((entry) => matchPath(entry.path, pathname))?.title ?? SITE_NAME;
}
