import fs from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { OPENAPI_PATH, openApiDocument, type ApiService } from '@altmed/contracts';

/** The parts of a served OpenAPI 3.1 document that the check reads. */
interface DocumentedAnswer {
  description: string;
  content?: Record<string, { schema?: object } | undefined>;
}
interface Operation {
  responses?: Record<string, DocumentedAnswer | undefined>;
}
export interface ServedApiDocument {
  openapi: string;
  paths?: Record<string, Record<string, Operation | undefined>>;
}
interface JsonAnswer {
  status: number;
  contentType: string | undefined;
  body: unknown;
}

const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true })).addFormat('media-range', true);
/** By the schema's text: each test reads the documents afresh, and the same schema must not be compiled (and kept by ajv) again. */
const validators = new Map<string, ValidateFunction>();
const documents = new Map<string, Promise<ServedApiDocument | null>>();

/**
 * The OpenAPI document a service serves at its origin, or null where none is served (not a service of
 * ours, or one already stopped). Kept until `forgetServedDocuments` (each test: a port can be taken by
 * another service later in a file).
 */
export function servedDocument(origin: string): Promise<ServedApiDocument | null> {
  let document = documents.get(origin);
  if (!document) {
    document = fetch(`${origin}${OPENAPI_PATH}`, { signal: AbortSignal.timeout(5_000) })
      .then(async (response) => (response.ok ? ((await response.json()) as ServedApiDocument) : null))
      .then((body) => (body && typeof body.openapi === 'string' ? body : null))
      .catch(() => null);
    documents.set(origin, document);
  }
  return document;
}

export function forgetServedDocuments(): void {
  documents.clear();
}

/** The document's operation for a request, by its path template (`/provider-info/{id}`); the one with the fewest parameters wins. */
function operationFor(document: ServedApiDocument, method: string, pathname: string): Operation | undefined {
  const templates = Object.keys(document.paths ?? {})
    .filter((template) => new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname))
    .sort((a, b) => a.split('{').length - b.split('{').length);
  for (const template of templates) {
    const operation = document.paths![template]![method.toLowerCase()];
    if (operation) return operation;
  }
  return undefined;
}

/**
 * Checks one real answer of a service against the document it serves: the status must be one the
 * operation lists (an error status may fall under `default`), and a JSON body must match that
 * answer's schema. Answers what is wrong, or null. Requests the document does not describe (health
 * checks, unknown paths) are not checked here.
 */
export function problemWithAnswer(document: ServedApiDocument, method: string, pathname: string, answer: JsonAnswer): string | null {
  const operation = operationFor(document, method, pathname);
  if (!operation) return null;
  const documented = operation.responses?.[String(answer.status)] ?? (answer.status >= 400 ? operation.responses?.default : undefined);
  const where = `${method.toUpperCase()} ${pathname} answered ${answer.status}`;
  if (!documented) return `${where}, which its OpenAPI document does not list`;
  const schema = documented.content?.['application/json']?.schema;
  const isJson = answer.contentType?.includes('application/json') ?? false;
  if (!schema) return isJson ? `${where} with a JSON body, where its OpenAPI document says there is none` : null;
  if (!isJson) return `${where} without a JSON body (${answer.contentType ?? 'no content type'}), where its OpenAPI document has one`;
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  if (validate(answer.body)) return null;
  return `${where} with a body its OpenAPI document does not allow: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(answer.body).slice(0, 500)}`;
}

/** OpenAPI 3.1's own JSON Schema, as `@seriousme/openapi-schema-validator` ships it (its validator is ESM only, which jest here cannot load). */
const openApi31Schema = () => JSON.parse(fs.readFileSync(require.resolve('@seriousme/openapi-schema-validator/schemas/v3.1/schema.json'), 'utf8')) as object;

/**
 * The test every service runs beside the access-map one: it serves at /openapi.json the document
 * generated from `packages/contracts` for its routes, a valid OpenAPI 3.1 document. (Every answer its
 * other tests read is checked against that document by jest-api-document-check.)
 */
export function itServesItsApiDocument(service: ApiService, url: () => string): void {
  it(`serves the ${service} OpenAPI 3.1 document generated from the contracts at /openapi.json`, async () => {
    const answer = await fetch(`${url()}${OPENAPI_PATH}`);
    expect(answer.status).toBe(200);
    const served = (await answer.json()) as ServedApiDocument;
    expect(served).toEqual(JSON.parse(JSON.stringify(openApiDocument(service))));
    const isOpenApi31 = ajv.compile(openApi31Schema());
    expect(isOpenApi31(served) ? [] : ajv.errorsText(isOpenApi31.errors)).toEqual([]);
  });
}
