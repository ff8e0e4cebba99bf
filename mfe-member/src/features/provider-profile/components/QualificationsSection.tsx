import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { StateLicense } from '@altmed/contracts/web';
import { theme } from '@altmed/web-kit';
import type { PublicProvider } from '../api/providerProfile';
import { ProfileSection } from './ProfileSection';

const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(150px, max-content) 1fr;
  gap: 10px 20px;
  margin: 0;
  dt {
    color: ${theme.colors.textMuted};
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  ${theme.mobile} {
    grid-template-columns: 1fr;
    gap: 2px;
    dd {
      margin-bottom: 10px;
    }
  }
`;

const Values = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
`;

const LicenseNumbers = styled.span`
  color: ${theme.colors.textMuted};
`;

function Entry({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

function ValueList({ values }: { values: string[] }) {
  return (
    <Values>
      {values.map((value) => (
        <li key={value}>{value}</li>
      ))}
    </Values>
  );
}

/** "CA · License Number A123 · DEA Number AB1234563": the DEA number only when the server sent it (to the provider itself and admins). */
function LicenseLine({ license }: { license: StateLicense }) {
  return (
    <>
      <strong>{license.state}</strong>
      <LicenseNumbers>
        {license.licenseNumber ? ` · License Number ${license.licenseNumber}` : null}
        {license.deaNumber ? ` · DEA Number ${license.deaNumber}` : null}
      </LicenseNumbers>
    </>
  );
}

/** "Education and Qualifications": specialties, practice, certifications, affiliations, education, NPI and state licences (SPEC §2). */
export function QualificationsSection({ provider }: { provider: PublicProvider }) {
  const { specialties = [], boardCertifications = [], hospitalAffiliations = [], educationAndTraining = [], stateLicenses = [] } = provider;
  return (
    <ProfileSection title="Education and Qualifications">
      <Details>
        {specialties.length ? <Entry term="Specialties">{specialties.join(', ')}</Entry> : null}
        {provider.practiceName ? <Entry term="Practice">{provider.practiceName}</Entry> : null}
        {boardCertifications.length ? (
          <Entry term="Board Certifications">
            <ValueList values={boardCertifications} />
          </Entry>
        ) : null}
        {hospitalAffiliations.length ? (
          <Entry term="Hospital Affiliations">
            <ValueList values={hospitalAffiliations} />
          </Entry>
        ) : null}
        {educationAndTraining.length ? (
          <Entry term="Education and Training">
            <ValueList values={educationAndTraining} />
          </Entry>
        ) : null}
        {provider.npiNumber ? <Entry term="NPI Number">{provider.npiNumber}</Entry> : null}
        {stateLicenses.length ? (
          <Entry term="State Licenses">
            <Values>
              {stateLicenses.map((license) => (
                <li key={license.state}>
                  <LicenseLine license={license} />
                </li>
              ))}
            </Values>
          </Entry>
        ) : null}
      </Details>
    </ProfileSection>
  );
}
