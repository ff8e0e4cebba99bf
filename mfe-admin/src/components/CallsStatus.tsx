import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from '@altmed/web-kit';
import { Banner } from './Banner';

/** Whether every call of a part has answered, successfully or not. */
export const answered = (calls: readonly UseQueryResult<unknown>[]) => calls.every((call) => !call.isPending);

/**
 * What a part of a page built from one or more calls says about them: a spinner until every one has
 * answered, then the error (the server's message) of each that failed, in the part's place.
 */
export function CallsStatus({ calls, loading }: { calls: readonly UseQueryResult<unknown>[]; loading: string }) {
  if (!answered(calls)) return <Spinner label={loading} />;
  return calls.map((call, index) =>
    call.isError ? (
      <Banner key={index} tone="error">
        {call.error.message}
      </Banner>
    ) : null,
  );
}
