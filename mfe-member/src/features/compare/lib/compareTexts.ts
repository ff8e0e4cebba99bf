import { COMPARE_MAX_PROVIDERS, COMPARE_MIN_PROVIDERS } from '@altmed/contracts/web';

export const CompareTexts = {
  title: 'Compare providers',
  subtitle: `Up to ${COMPARE_MAX_PROVIDERS} providers side by side. Rows where they differ are marked.`,
  loading: 'Loading the comparison...',
  errorTitle: 'We could not load the comparison',
  errorMessage: 'Something went wrong. Please try again.',
  tryAgain: 'Try again',
  pickTitle: `Pick at least ${COMPARE_MIN_PROVIDERS} providers`,
  pickMessage: `Choose Compare on ${COMPARE_MIN_PROVIDERS} to ${COMPARE_MAX_PROVIDERS} providers in the directory or on their profiles, then open Compare from the tray.`,
  findProviders: 'Find providers',
  goBack: 'Back to the directory',
  membersOnlyTitle: 'Comparing is part of the membership',
  membersOnlyMessage: 'Members with an active membership compare providers side by side.',
  join: 'Join now',
  notListed: (count: number) =>
    count === 1 ? 'One provider you picked is no longer listed and was left out.' : `${count} providers you picked are no longer listed and were left out.`,
  table: 'Providers side by side',
  tableHint: 'Scroll sideways to see every provider.',
  provider: 'Provider',
  differs: 'Differs',
  differsHint: 'values differ between providers',
  zipLabel: 'Your ZIP code',
  zipHint: 'For the distance to each practice',
  zipInvalid: 'Enter a 5-digit ZIP code',
  zipUnknown: (zip: string) => `We do not know the ZIP code ${zip}; no distances are shown.`,
  showDistances: 'Show distances',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name} from the comparison`,
  viewProfile: 'View profile',
  viewProfileLabel: (name: string) => `View ${name}'s profile`,
} as const;

/** The row headers, top to bottom. */
export const CompareRowLabels = {
  specialties: 'Areas of interest',
  licenseStates: 'Licensed in',
  boardCertifications: 'Board certifications',
  education: 'Education and training',
  yearsLicensed: 'Years since first licence',
  satisfaction: 'Satisfaction',
  efficacy: 'Efficacy',
  distance: 'Distance',
  profile: 'Profile',
} as const;
