import type { ChangeEvent } from 'react';
import { ZIP_MAX_LENGTH } from '@altmed/contracts/web';
import { SelectField, TextField } from '@altmed/web-kit';
import { StateOptions } from './StateOptions';
import { Grid2 } from './ui';

export type PracticeAddressField = 'address' | 'suite' | 'city' | 'state' | 'zip';

/** What a form gives one of its fields: its name, value, change handler and error. */
export interface FieldBinding {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  error?: string;
}

/** Where the practice is (sign-up step 1 and the dashboard's Basic Information): address, suite, city, state and ZIP. */
export function PracticeAddressFields({ field }: { field: (name: PracticeAddressField) => FieldBinding }) {
  return (
    <>
      <TextField label="Address" autoComplete="address-line1" {...field('address')} />
      <TextField label="Apartment/Suite" optional autoComplete="address-line2" {...field('suite')} />
      <Grid2>
        <TextField label="City" autoComplete="address-level2" {...field('city')} />
        <Grid2>
          <SelectField label="State" {...field('state')}>
            <StateOptions placeholder="Select" />
          </SelectField>
          <TextField label="ZIP" inputMode="numeric" autoComplete="postal-code" maxLength={ZIP_MAX_LENGTH} {...field('zip')} />
        </Grid2>
      </Grid2>
    </>
  );
}
