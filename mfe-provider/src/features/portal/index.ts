/** Provider sign-up: step 1 (/provider-portal), step 2 (/qualifications), step 3 (/profile-content) and the completion page (/completion). */
export { default as ProviderPortalPage } from './components/ProviderPortalPage';
export { default as QualificationsPage } from './components/QualificationsPage';
export { default as ProfileContentPage } from './components/ProfileContentPage';
export { default as CompletionPage } from './components/CompletionPage';
