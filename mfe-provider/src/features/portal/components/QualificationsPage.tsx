import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { AREAS_OF_INTEREST } from '@altmed/contracts/web';
import { Button, PageContainer, PageTitle, theme } from '@altmed/web-kit';
import { Alert, FormActions, FormCard, SectionHeading, SectionHint, Stack, StepIndicator } from '../../../components/ui';
import { saveQualifications } from '../api/portal';
import { useRequiredProviderId } from '../hooks/useStoredProviderId';
import { checkStateLicenses, type StateLicense } from '../lib/validation';
import { RepeatableList } from './RepeatableList';
import { StateOptions } from './StateOptions';

const LicenseRow = styled.div`
  display: grid;
  grid-template-columns: 110px 1fr 1fr auto;
  gap: 8px;
  margin-bottom: 8px;
  select,
  input {
    padding: 10px 12px;
    border-radius: ${theme.radii.md};
    border: 1.5px solid ${theme.colors.border};
    font-size: 15px;
    background: #fff;
    min-width: 0;
  }
  ${theme.mobile} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 7px 14px;
    border-radius: ${theme.radii.pill};
    border: 1.5px solid ${theme.colors.border};
    cursor: pointer;
    font-size: 14px;
    user-select: none;
  }
  label:has(input:checked) {
    background: ${theme.colors.primarySoft};
    border-color: ${theme.colors.primary};
    color: ${theme.colors.primary};
    font-weight: 600;
  }
  input {
    accent-color: ${theme.colors.primary};
  }
`;

const Fieldset = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  legend {
    padding: 0;
  }
`;

const emptyLicense: StateLicense = { state: '', deaNumber: '', licenseNumber: '' };

const nonBlank = (values: string[]) => values.map((v) => v.trim()).filter(Boolean);

/** Provider sign-up step 2 (SPEC §2, §5): certifications, affiliations, education, licences, specialties. */
export default function QualificationsPage() {
  const navigate = useNavigate();
  const providerId = useRequiredProviderId();
  const [boardCertifications, setBoardCertifications] = useState(['']);
  const [hospitalAffiliations, setHospitalAffiliations] = useState(['']);
  const [educationAndTraining, setEducationAndTraining] = useState(['']);
  const [licenses, setLicenses] = useState<StateLicense[]>([emptyLicense]);
  const [specialties, setSpecialties] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const setLicense = (index: number, patch: Partial<StateLicense>) => setLicenses((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { licenses: stateLicenses, error: licenseError } = checkStateLicenses(licenses);
    setError(licenseError);
    if (licenseError) return;
    if (!providerId) {
      setError('Provider ID not found. Please start from the beginning.');
      void navigate('/provider-portal');
      return;
    }
    setSaving(true);
    try {
      await saveQualifications(providerId, {
        specialties,
        boardCertifications: nonBlank(boardCertifications),
        hospitalAffiliations: nonBlank(hospitalAffiliations),
        educationAndTraining: nonBlank(educationAndTraining),
        stateLicenses,
      });
      void navigate('/profile-content');
    } catch {
      setError('Error saving qualifications. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  if (!providerId) return null;

  return (
    <PageContainer $narrow>
      <PageTitle subtitle="Your training and licences help members choose with confidence.">Qualifications</PageTitle>
      <StepIndicator current={2} />
      <FormCard>
        {error ? <Alert>{error}</Alert> : null}
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Qualifications">
          <Stack $gap={28}>
            <section>
              <SectionHeading>Type of Medicine</SectionHeading>
              <SectionHint>Board certifications</SectionHint>
              <RepeatableList
                label="Board certification"
                values={boardCertifications}
                placeholder="Board certification"
                addLabel="Add certification"
                onChange={setBoardCertifications}
              />
            </section>
            <section>
              <SectionHeading>Hospital Affiliations (optional)</SectionHeading>
              <SectionHint>Position, Hospital Name</SectionHint>
              <RepeatableList
                label="Hospital affiliation"
                values={hospitalAffiliations}
                placeholder="Position, Hospital Name"
                addLabel="Add affiliation"
                onChange={setHospitalAffiliations}
              />
            </section>
            <section>
              <SectionHeading>Education and Training</SectionHeading>
              <SectionHint>University, Degree</SectionHint>
              <RepeatableList
                label="Education"
                values={educationAndTraining}
                placeholder="University, Degree"
                addLabel="Add education"
                onChange={setEducationAndTraining}
              />
            </section>
            <section>
              <SectionHeading>State Licenses</SectionHeading>
              <SectionHint>Choose a state, then add its DEA number and licence number.</SectionHint>
              {licenses.map((row, index) => (
                <LicenseRow key={index}>
                  <select aria-label={`License ${index + 1} state`} value={row.state} onChange={(e) => setLicense(index, { state: e.target.value })}>
                    <StateOptions placeholder="State" />
                  </select>
                  {row.state ? (
                    <>
                      <input
                        aria-label={`License ${index + 1} DEA number`}
                        placeholder="DEA Number"
                        value={row.deaNumber}
                        onChange={(e) => setLicense(index, { deaNumber: e.target.value })}
                      />
                      <input
                        aria-label={`License ${index + 1} license number`}
                        placeholder="License Number"
                        value={row.licenseNumber}
                        onChange={(e) => setLicense(index, { licenseNumber: e.target.value })}
                      />
                    </>
                  ) : (
                    <>
                      <span />
                      <span />
                    </>
                  )}
                  {index > 0 ? (
                    <Button variant="ghost" size="sm" onClick={() => setLicenses((rows) => rows.filter((_, i) => i !== index))}>
                      Remove
                    </Button>
                  ) : (
                    <span />
                  )}
                </LicenseRow>
              ))}
              <Button variant="outline" size="sm" onClick={() => setLicenses((rows) => [...rows, emptyLicense])}>
                Add license
              </Button>
            </section>
            <Fieldset>
              <legend>
                <SectionHeading as="span">Specialties</SectionHeading>
              </legend>
              <SectionHint>Select all that apply.</SectionHint>
              <Chips>
                {AREAS_OF_INTEREST.map((area) => (
                  <label key={area}>
                    <input
                      type="checkbox"
                      checked={specialties.includes(area)}
                      onChange={(e) => setSpecialties((list) => (e.target.checked ? [...list, area] : list.filter((s) => s !== area)))}
                    />
                    {area}
                  </label>
                ))}
              </Chips>
            </Fieldset>
          </Stack>
          <FormActions>
            <Button variant="ghost" onClick={() => void navigate('/provider-portal')}>
              Back
            </Button>
            <Button type="submit" size="lg" disabled={saving}>
              {saving ? 'Saving...' : 'Continue'}
            </Button>
          </FormActions>
        </form>
      </FormCard>
    </PageContainer>
  );
}
