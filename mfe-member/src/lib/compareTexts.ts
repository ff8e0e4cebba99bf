import { COMPARE_MAX_PROVIDERS, COMPARE_MIN_PROVIDERS } from '@altmed/contracts/web';

/** The compare toggle and tray, on the directory and the profile. */
export const CompareTrayTexts = {
  add: 'Compare',
  added: 'Comparing',
  addLabel: (name: string) => `Add ${name} to compare`,
  full: `You can compare up to ${COMPARE_MAX_PROVIDERS} providers`,
  tray: 'Providers to compare',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name} from compare`,
  clear: 'Clear',
  compare: (count: number) => `Compare (${count})`,
  pickMore: `Pick at least ${COMPARE_MIN_PROVIDERS} providers to compare`,
  unnamed: 'Provider',
} as const;
