import { US_STATE_CODES } from '@altmed/contracts/web';

/** The options of a US state select: a placeholder, then the 50 state codes. */
export function StateOptions({ placeholder }: { placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {US_STATE_CODES.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </>
  );
}
