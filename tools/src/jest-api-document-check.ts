import { Test } from 'supertest';
import { forgetServedDocuments, problemWithAnswer, servedDocument } from './testing/api-document';

/**
 * jest setupFilesAfterEnv of the service workspaces: every answer a test reads through supertest
 * from a service of ours is checked against the OpenAPI document that service serves (generated
 * from `packages/contracts`), after the test's own expectations. So every status and body the
 * service tests provoke, the hostile ones included, is also a check of the contract other teams
 * build against: an answer the document does not allow fails the test that got it.
 */
type Callback = ((error: Error | null, response: unknown) => void) | undefined;
interface SupertestAnswer {
  status: number;
  headers: Record<string, string | undefined>;
  body: unknown;
}
interface SupertestInternals {
  url: string;
  method: string;
  assert: (this: SupertestInternals, error: Error | null, response: SupertestAnswer | undefined, callback: Callback) => void;
}

const prototype = Test.prototype as unknown as SupertestInternals;
const assertExpectations = prototype.assert;

prototype.assert = function assertAgainstDocument(this: SupertestInternals, error, response, callback) {
  if (!callback) return assertExpectations.call(this, error, response, callback);
  assertExpectations.call(this, error, response, (failure, answer) => {
    if (failure || !response) return callback(failure, answer);
    const url = new URL(this.url);
    void servedDocument(url.origin).then((document) => {
      let problem: Error | null = null;
      try {
        const mismatch =
          document &&
          problemWithAnswer(document, this.method, url.pathname, {
            status: response.status,
            contentType: response.headers['content-type'],
            body: response.body,
          });
        if (mismatch) problem = new Error(mismatch);
      } catch (thrown) {
        problem = thrown instanceof Error ? thrown : new Error(String(thrown));
      }
      callback(problem, answer);
    });
  });
};

// A port a test's service had can be another service's later in the file.
beforeEach(forgetServedDocuments);
