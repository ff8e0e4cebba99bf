import {
  AREAS_OF_INTEREST,
  DEA_NUMBER_PATTERN,
  isValidDeaNumber,
  ProviderMessages,
  type AreaOfInterest,
  type Provider,
  type ProviderQualifications,
} from '@altmed/contracts/web';

/** A licence row of the form: the DEA and licence number inputs appear once a state is chosen. */
export interface LicenseRow {
  state: string;
  deaNumber: string;
  licenseNumber: string;
}

/** The qualifications form of step 2 and the dashboard: every repeatable list keeps at least its first entry. */
export interface QualificationsForm {
  boardCertifications: string[];
  hospitalAffiliations: string[];
  educationAndTraining: string[];
  stateLicenses: LicenseRow[];
  specialties: AreaOfInterest[];
}

export const emptyLicense: LicenseRow = { state: '', deaNumber: '', licenseNumber: '' };

export const emptyQualificationsForm: QualificationsForm = {
  boardCertifications: [''],
  hospitalAffiliations: [''],
  educationAndTraining: [''],
  stateLicenses: [emptyLicense],
  specialties: [],
};

const atLeastOne = <T>(values: T[] | undefined, empty: T): T[] => (values?.length ? values : [empty]);

export function qualificationsFormOf(provider: Provider): QualificationsForm {
  return {
    boardCertifications: atLeastOne(provider.boardCertifications, ''),
    hospitalAffiliations: atLeastOne(provider.hospitalAffiliations, ''),
    educationAndTraining: atLeastOne(provider.educationAndTraining, ''),
    stateLicenses: atLeastOne(
      provider.stateLicenses?.map((license) => ({ state: license.state, deaNumber: license.deaNumber ?? '', licenseNumber: license.licenseNumber ?? '' })),
      emptyLicense,
    ),
    specialties: (provider.specialties ?? []).filter((area): area is AreaOfInterest => (AREAS_OF_INTEREST as readonly string[]).includes(area)),
  };
}

/** Step 2 (SPEC §5): drops blank rows, rejects partial rows, duplicate states and DEA numbers that fail their check. */
export function checkLicenseRows(rows: LicenseRow[]): { licenses: LicenseRow[]; error: string | null } {
  const licenses = rows
    .map((row) => ({ state: row.state.trim(), deaNumber: row.deaNumber.trim().toUpperCase(), licenseNumber: row.licenseNumber.trim() }))
    .filter((row) => row.state || row.deaNumber || row.licenseNumber);
  if (licenses.some((row) => !row.state || !row.deaNumber || !row.licenseNumber)) return { licenses, error: ProviderMessages.licenseIncomplete };
  const states = licenses.map((row) => row.state);
  if (new Set(states).size !== states.length) return { licenses, error: ProviderMessages.licenseDuplicateState };
  if (licenses.some((row) => !DEA_NUMBER_PATTERN.test(row.deaNumber))) return { licenses, error: ProviderMessages.deaFormat };
  if (licenses.some((row) => !isValidDeaNumber(row.deaNumber))) return { licenses, error: ProviderMessages.deaCheckDigit };
  return { licenses, error: null };
}

const nonBlank = (values: string[]) => values.map((value) => value.trim()).filter(Boolean);

/** The request of a valid form, or the first problem with it. */
export function qualificationsRequestOf(form: QualificationsForm): { request: ProviderQualifications; error: null } | { request: null; error: string } {
  const { licenses, error } = checkLicenseRows(form.stateLicenses);
  if (error) return { request: null, error };
  return {
    request: {
      specialties: form.specialties,
      boardCertifications: nonBlank(form.boardCertifications),
      hospitalAffiliations: nonBlank(form.hospitalAffiliations),
      educationAndTraining: nonBlank(form.educationAndTraining),
      stateLicenses: licenses,
    },
    error: null,
  };
}
