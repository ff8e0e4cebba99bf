import styled from 'styled-components';
import { AREAS_OF_INTEREST } from '@altmed/contracts/web';
import { Button, theme } from '@altmed/web-kit';
import { emptyLicense, type LicenseRow, type QualificationsForm } from '../lib/qualifications';
import { RepeatableList } from './RepeatableList';
import { StateOptions } from './StateOptions';
import { SectionHeading, SectionHint, Stack } from './ui';

const LicenseRowGrid = styled.div`
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

export interface QualificationsFieldsProps {
  value: QualificationsForm;
  onChange: (value: QualificationsForm) => void;
}

/** The qualifications of step 2 and of the dashboard (SPEC §2): four repeatable lists and the specialties. */
export function QualificationsFields({ value, onChange }: QualificationsFieldsProps) {
  const set = <K extends keyof QualificationsForm>(key: K, entries: QualificationsForm[K]) => onChange({ ...value, [key]: entries });
  const setLicense = (index: number, patch: Partial<LicenseRow>) =>
    set(
      'stateLicenses',
      value.stateLicenses.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );

  return (
    <Stack $gap={28}>
      <section>
        <SectionHeading>Type of Medicine</SectionHeading>
        <SectionHint>Board certifications</SectionHint>
        <RepeatableList
          label="Board certification"
          values={value.boardCertifications}
          placeholder="Board certification"
          addLabel="Add certification"
          onChange={(entries) => set('boardCertifications', entries)}
        />
      </section>
      <section>
        <SectionHeading>Hospital Affiliations (optional)</SectionHeading>
        <SectionHint>Position, Hospital Name</SectionHint>
        <RepeatableList
          label="Hospital affiliation"
          values={value.hospitalAffiliations}
          placeholder="Position, Hospital Name"
          addLabel="Add affiliation"
          onChange={(entries) => set('hospitalAffiliations', entries)}
        />
      </section>
      <section>
        <SectionHeading>Education and Training</SectionHeading>
        <SectionHint>University, Degree</SectionHint>
        <RepeatableList
          label="Education"
          values={value.educationAndTraining}
          placeholder="University, Degree"
          addLabel="Add education"
          onChange={(entries) => set('educationAndTraining', entries)}
        />
      </section>
      <section>
        <SectionHeading>State Licenses</SectionHeading>
        <SectionHint>Choose a state, then add its DEA number and licence number.</SectionHint>
        {value.stateLicenses.map((row, index) => (
          <LicenseRowGrid key={index}>
            <select aria-label={`License ${index + 1} state`} value={row.state} onChange={(e) => setLicense(index, { state: e.target.value })}>
              <StateOptions placeholder="State" />
            </select>
            {row.state ? (
              <>
                <input
                  aria-label={`License ${index + 1} DEA number`}
                  placeholder="DEA Number"
                  maxLength={9}
                  value={row.deaNumber}
                  onChange={(e) => setLicense(index, { deaNumber: e.target.value })}
                />
                <input
                  aria-label={`License ${index + 1} license number`}
                  placeholder="License Number"
                  maxLength={50}
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
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove license ${index + 1}`}
                onClick={() =>
                  set(
                    'stateLicenses',
                    value.stateLicenses.filter((_, i) => i !== index),
                  )
                }
              >
                Remove
              </Button>
            ) : (
              <span />
            )}
          </LicenseRowGrid>
        ))}
        <Button variant="outline" size="sm" onClick={() => set('stateLicenses', [...value.stateLicenses, emptyLicense])}>
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
                checked={value.specialties.includes(area)}
                onChange={(e) => set('specialties', e.target.checked ? [...value.specialties, area] : value.specialties.filter((s) => s !== area))}
              />
              {area}
            </label>
          ))}
        </Chips>
      </Fieldset>
    </Stack>
  );
}
