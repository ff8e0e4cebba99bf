import { AREAS_OF_INTEREST, US_STATE_CODES, deaCheckDigit, npiCheckDigit } from '@altmed/contracts';

import { seededId } from '@altmed/service-kit';
import { lookupByState } from 'zipcodes';

export { seededId };

/** A valid NPI (check digit included) from nine digits. */
export function npiFrom(first9: number): string {
  const digits = String(first9).padStart(9, '0');
  return `${digits}${npiCheckDigit(digits)}`;
}

/** A valid DEA number from two letters and six digits. */
export function deaFrom(letters: string, six: number): string {
  const digits = String(six).padStart(6, '0');
  return `${letters}${digits}${deaCheckDigit(digits)}`;
}

export type SeedStatus = 'approved' | 'pending' | 'blocked';

export interface SeedProvider {
  slug: string;
  providerName: string;
  practiceName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  specialties: string[];
  boardCertifications: string[];
  hospitalAffiliations: string[];
  educationAndTraining: string[];
  licenseState: string;
  practiceDescription: string;
  status: SeedStatus;
  blockedReason?: string;
  /** Headshot and gallery colours. */
  colors: [string, string];
}

/** The handful a newcomer sees: every status, full profiles. */
export const demoProviders: SeedProvider[] = [
  {
    slug: 'maya-patel',
    providerName: 'Dr. Maya Patel, ND',
    practiceName: 'Green Valley Integrative Health',
    address: '1200 South Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78704',
    phone: '512-555-0142',
    specialties: ['Functional Medicine', 'Nutrition', "Women's Health"],
    boardCertifications: ['Naturopathic Medicine (NPLEX)', 'Functional Medicine (IFMCP)'],
    hospitalAffiliations: ['Attending Consultant, St. David’s Medical Center'],
    educationAndTraining: ['Bastyr University, Doctor of Naturopathic Medicine', 'University of Texas, BS Biochemistry'],
    licenseState: 'TX',
    practiceDescription:
      'Green Valley combines naturopathic and functional medicine to find and treat the root causes of chronic fatigue, digestive and hormonal conditions. Every first visit is 90 minutes, with a plan built around nutrition, movement and sleep.',
    status: 'approved',
    colors: ['#2f5d50', '#a7c4b5'],
  },
  {
    slug: 'james-okafor',
    providerName: 'Dr. James Okafor, MD',
    practiceName: 'Longevity Clinic of Denver',
    address: '1550 Wewatta St',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
    phone: '303-555-0199',
    specialties: ['Longevity Medicine', "Men's Health", 'Regenerative Aesthetics'],
    boardCertifications: ['Internal Medicine (ABIM)', 'Anti-Aging and Regenerative Medicine (A4M)'],
    hospitalAffiliations: ['Staff Physician, Denver Health Medical Center'],
    educationAndTraining: ['University of Colorado, MD', 'Johns Hopkins, Residency in Internal Medicine'],
    licenseState: 'CO',
    practiceDescription:
      'We measure before we treat: advanced blood panels, body composition and VO2 max guide personalised plans for healthy ageing, with follow-ups every quarter.',
    status: 'approved',
    colors: ['#1e3a5f', '#9bb7d4'],
  },
  {
    slug: 'elena-garcia',
    providerName: 'Elena García, DDS',
    practiceName: 'Biological Dentistry Miami',
    address: '2999 NE 191st St',
    city: 'Aventura',
    state: 'FL',
    zip: '33180',
    phone: '305-555-0117',
    specialties: ['Dentistry', 'Autoimmune'],
    boardCertifications: ['International Academy of Biological Dentistry and Medicine (IABDM)'],
    hospitalAffiliations: [],
    educationAndTraining: ['University of Florida, DDS', 'SMART Certification, IAOMT'],
    licenseState: 'FL',
    practiceDescription:
      'Mercury-safe, metal-free dentistry with an eye on the whole body: ozone therapy, ceramic implants and airway-focused orthodontics for adults and children.',
    status: 'approved',
    colors: ['#6b3fa0', '#d5c4ea'],
  },
  {
    slug: 'robert-chen',
    providerName: 'Dr. Robert Chen, DC',
    practiceName: 'Pacific Spine and Joint',
    address: '455 Market St',
    city: 'San Francisco',
    state: 'CA',
    zip: '94105',
    phone: '415-555-0163',
    specialties: ['Orthopedic', 'Regenerative Aesthetics'],
    boardCertifications: ['Chiropractic Sports Physician (CCSP)'],
    hospitalAffiliations: ['Consultant, UCSF Orthopaedic Institute'],
    educationAndTraining: ['Palmer College of Chiropractic, DC', 'Stanford University, BA Human Biology'],
    licenseState: 'CA',
    practiceDescription:
      'Non-surgical care for back, neck and sports injuries: spinal adjustment, shockwave therapy and PRP, always alongside a strength plan you can keep doing at home.',
    status: 'approved',
    colors: ['#8a4b1f', '#e8c7a7'],
  },
  {
    slug: 'sarah-whitfield',
    providerName: 'Dr. Sarah Whitfield, OD',
    practiceName: 'Clear Sight Functional Vision',
    address: '88 Boylston St',
    city: 'Boston',
    state: 'MA',
    zip: '02116',
    phone: '617-555-0108',
    specialties: ['Vision', 'Neurodegenerative Disease'],
    boardCertifications: ['Fellow, College of Optometrists in Vision Development (FCOVD)'],
    hospitalAffiliations: ['Adjunct Faculty, New England College of Optometry'],
    educationAndTraining: ['New England College of Optometry, OD'],
    licenseState: 'MA',
    practiceDescription: 'Vision therapy and neuro-optometric rehabilitation after concussion and stroke, and nutritional support for macular health.',
    status: 'approved',
    colors: ['#0f6b78', '#a9dce3'],
  },
  {
    slug: 'amara-nwosu',
    providerName: 'Amara Nwosu, NP',
    practiceName: 'Rooted Wellness Atlanta',
    address: '675 Ponce De Leon Ave NE',
    city: 'Atlanta',
    state: 'GA',
    zip: '30308',
    phone: '404-555-0175',
    specialties: ['Nutrition', 'Autoimmune'],
    boardCertifications: ['Family Nurse Practitioner (AANP)'],
    hospitalAffiliations: [],
    educationAndTraining: ['Emory University, MSN'],
    licenseState: 'GA',
    practiceDescription: 'Autoimmune protocol coaching and gut-health programmes, in person and online.',
    status: 'pending',
    colors: ['#7a2e3a', '#e9b8c0'],
  },
  {
    slug: 'thomas-berg',
    providerName: 'Dr. Thomas Berg, DO',
    practiceName: 'Northern Lakes Osteopathic',
    address: '120 S 6th St',
    city: 'Minneapolis',
    state: 'MN',
    zip: '55402',
    phone: '612-555-0131',
    specialties: ['Orthopedic', 'Functional Medicine'],
    boardCertifications: ['Osteopathic Manipulative Medicine (AOBNMM)'],
    hospitalAffiliations: ['Hennepin Healthcare'],
    educationAndTraining: ['Des Moines University, DO'],
    licenseState: 'MN',
    practiceDescription: 'Osteopathic manipulation and movement medicine for chronic pain.',
    status: 'pending',
    colors: ['#3d5a1e', '#c9dcae'],
  },
  {
    slug: 'victor-hale',
    providerName: 'Victor Hale',
    practiceName: 'Hale Energy Healing',
    address: '300 E Pike St',
    city: 'Seattle',
    state: 'WA',
    zip: '98122',
    phone: '206-555-0190',
    specialties: ['Longevity Medicine'],
    boardCertifications: [],
    hospitalAffiliations: [],
    educationAndTraining: ['Online certificate, Reiki Level II'],
    licenseState: 'WA',
    practiceDescription: 'Energy healing sessions.',
    status: 'blocked',
    blockedReason: 'The state licence could not be verified with the Washington Department of Health.',
    colors: ['#555555', '#cccccc'],
  },
];

const clients = ['Jordan M.', 'Priya S.', 'Luis R.', 'Hannah K.', 'Marcus T.', 'Emily W.', 'Daniel O.', 'Sofia L.', 'Grace H.', 'Noah B.'];
const reviewTexts = [
  'Took the time to listen and explain every option. I left with a clear plan and felt better within weeks.',
  'Thorough, kind and practical. The follow-up calls made a real difference.',
  'Finally someone who looked at the whole picture instead of one symptom at a time.',
  'Great results, though appointments book out a few weeks ahead.',
  'The office is calm and welcoming, and the staff are wonderful.',
  'Evidence-based and open-minded at the same time. Highly recommended.',
  'My energy and sleep have improved a lot since starting treatment.',
];

export interface SeedReview {
  clientName: string;
  satisfactionRating: number;
  efficacyRating: number;
  reviewText: string;
  daysAgo: number;
  isApproved: boolean;
}

/** `count` approved reviews (ratings 3.5 to 5 in half steps) and one awaiting approval, the same for the same seed. */
export function reviewsFor(seed: number, count: number): SeedReview[] {
  const pick = <T>(items: readonly T[], index: number) => items[(seed * 7 + index * 3) % items.length]!;
  const rating = (index: number, offset: number) => 5 - ((seed + index * offset) % 4) * 0.5;
  const approved = Array.from({ length: count }, (_, index) => ({
    clientName: pick(clients, index),
    satisfactionRating: rating(index, 1),
    efficacyRating: rating(index, 3),
    reviewText: pick(reviewTexts, index),
    daysAgo: 5 + index * 17 + (seed % 9),
    isApproved: true,
  }));
  return [
    ...approved,
    { clientName: 'Pending Reviewer', satisfactionRating: 1, efficacyRating: 1, reviewText: 'Awaiting moderation.', daysAgo: 1, isApproved: false },
  ];
}

const firstNames = ['Alex', 'Jamie', 'Morgan', 'Taylor', 'Casey', 'Riley', 'Avery', 'Quinn', 'Rowan', 'Skyler', 'Harper', 'Elliot'];
const lastNames = ['Rivera', 'Nguyen', 'Schmidt', 'Cohen', 'Okoye', 'Larsen', 'Moreau', 'Tanaka', 'Silva', 'Kowalski', 'Haddad', 'Brooks'];
const titles = ['MD', 'ND', 'DO', 'DC', 'NP', 'LAc'];
const practiceWords = ['Wellness', 'Integrative Care', 'Health Collective', 'Healing Arts', 'Vitality Clinic', 'Holistic Medicine'];

/** The known ZIP codes of each state, in the table's order. */
const zipsByState = new Map<string, string[]>();
function zipsOf(state: string): string[] {
  let zips = zipsByState.get(state);
  if (!zips) zipsByState.set(state, (zips = lookupByState(state).flatMap((place) => (/^\d{5}$/.test(place.zip) ? [place.zip] : []))));
  return zips;
}

/** One generated provider in this many has a ZIP that is no US ZIP (a typo kept from its sign-up): it has no distance. */
export const GENERATED_UNKNOWN_ZIP_EVERY = 250;

/** A real ZIP of the state, spread over the state's codes; now and then one that is no US ZIP. */
function generatedZip(n: number, state: string): string {
  if (n % GENERATED_UNKNOWN_ZIP_EVERY === 7) return '00000';
  const zips = zipsOf(state);
  return zips.length > 0 ? zips[(n * 7919) % zips.length]! : '00000';
}

/** The record id of the n-th generated provider. */
export const generatedProviderId = (n: number): string => seededId(`generated-${n}`);

/** The n-th provider of a large generated set (benchmarks): deterministic, mostly approved. */
export function generatedProvider(n: number): SeedProvider & { email: string; npiNumber: string } {
  const first = firstNames[n % firstNames.length]!;
  const last = lastNames[Math.floor(n / firstNames.length) % lastNames.length]!;
  const state = US_STATE_CODES[n % US_STATE_CODES.length]!;
  const status: SeedStatus = n % 10 === 0 ? 'pending' : n % 25 === 1 ? 'blocked' : 'approved';
  const specialties = [AREAS_OF_INTEREST[n % AREAS_OF_INTEREST.length]!, AREAS_OF_INTEREST[(n * 5 + 3) % AREAS_OF_INTEREST.length]!];
  return {
    slug: `generated-${n}`,
    email: `provider${n}@bench.altmed.local`,
    npiNumber: npiFrom(200_000_000 + n),
    providerName: `Dr. ${first} ${last}, ${titles[n % titles.length]}`,
    practiceName: `${last} ${practiceWords[n % practiceWords.length]}`,
    address: `${100 + (n % 9000)} Main St`,
    city: `Town ${n % 500}`,
    state,
    zip: generatedZip(n, state),
    phone: `555-${String(100 + (n % 900)).padStart(3, '0')}-${String(n % 10000).padStart(4, '0')}`,
    specialties: [...new Set(specialties)],
    boardCertifications: ['Integrative Medicine'],
    hospitalAffiliations: [],
    educationAndTraining: ['State University, Doctorate'],
    licenseState: state,
    practiceDescription: `${first} ${last} offers ${specialties.join(' and ').toLowerCase()} care in ${state}.`,
    status,
    ...(status === 'blocked' ? { blockedReason: 'Documents missing.' } : {}),
    colors: ['#2f5d50', '#a7c4b5'],
  };
}
