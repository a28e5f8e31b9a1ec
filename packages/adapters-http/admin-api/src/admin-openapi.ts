import { z } from 'zod';
import { answerComponents, type ErrorStatus } from './admin-answer-schemas.js';
import { snakeName } from './admin-names.js';
import { ADMIN_PREFIX } from './admin-route-kit.js';
import { partnerChange, partnerCreate, passwordRotation, projectCreate, recovery, secretRotation } from './admin-schemas.js';
import { projectFields } from './directory-schema.js';

type Json = Record<string, unknown>;
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const header = (id: string) => ({ $ref: `#/components/headers/${id}` });

/**
 * A union of strings of which one is a constant (`widgetOrigins`: `*` or an origin) as one string:
 * openapi-python-client cannot make a union of a string and a constant string, and drops the operation.
 */
function plainStrings(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(plainStrings);
  if (typeof schema !== 'object' || schema === null) return schema;
  const members = (schema as Json)['anyOf'];
  if (Array.isArray(members) && members.every((m: Json) => m['type'] === 'string') && members.some((m: Json) => 'const' in m)) {
    const { anyOf: _a, ...rest } = schema as Json;
    return { ...rest, type: 'string' };
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, plainStrings(v)]));
}

/**
 * A request body's JSON Schema by its wire names: snake_case, and each camelCase name of before beside
 * it, marked deprecated (still read for one minor version; the answer then carries Deprecation).
 */
function wireBody(schema: z.ZodType): Json {
  const { $schema: _s, ...json } = plainStrings(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })) as Json;
  const properties = (json['properties'] ?? {}) as Record<string, Json>;
  const wire: Record<string, Json> = {};
  for (const [name, property] of Object.entries(properties)) {
    wire[snakeName(name)] = property;
    if (snakeName(name) === name) continue;
    // An object's schema is given once, under the wire name: a generator names a class after each, and two would clash.
    const alias = JSON.stringify(property).includes('"properties"') ? {} : property;
    wire[name] = { ...alias, deprecated: true, description: `Deprecated: use ${snakeName(name)} (checked as it)` };
  }
  const required = ((json['required'] ?? []) as string[]).map(snakeName);
  return { ...json, properties: wire, ...(required.length > 0 ? { required } : {}) };
}
const body = (schema: z.ZodType) => ({ required: true, content: { 'application/json': { schema: wireBody(schema) } } });

const DESCRIPTIONS: Record<ErrorStatus, string> = {
  '400': 'BAD_REQUEST: a field or parameter is wrong; the message names it',
  '401': 'ADMIN_UNAUTHORIZED: no or a wrong `Authorization: Bearer <KASSA_ADMIN_TOKEN>`',
  '403': 'ADMIN_DISABLED: no KASSA_ADMIN_TOKEN is configured, so the admin API is off',
  '404': 'NOT_FOUND: no such partner or project (or secret kind)',
  '405': 'METHOD_NOT_ALLOWED: a known path asked with a method it does not serve; Allow lists those it does',
  '409': 'ALREADY_EXISTS (the login or id is taken) or CHANGED_MEANWHILE (changed since read: read it again and retry)',
  '413': 'BAD_REQUEST: the body is larger than 64 KB',
  '503': 'SERVICE_UNAVAILABLE: storage is not answering; retry after Retry-After seconds',
};
const EXTRA_HEADERS: Partial<Record<ErrorStatus, Json>> = {
  '401': { 'WWW-Authenticate': header('WwwAuthenticate') },
  '405': { Allow: header('Allow') },
  '503': { 'Retry-After': header('RetryAfter') },
};

/** An answer: its body's component, X-Request-Id, and the other headers it carries. */
const answer = (description: string, schema: string, headers: Json = {}) => ({
  description,
  headers: { 'X-Request-Id': header('RequestId'), ...headers },
  content: { 'application/json': { schema: ref(schema) } },
});
const failure = (status: ErrorStatus, deprecatable: boolean) =>
  answer(DESCRIPTIONS[status], `Error${status}`, { ...EXTRA_HEADERS[status], ...(deprecatable ? { Deprecation: header('Deprecation') } : {}) });

/** Every admin API operation answers 400, 401, 403, 413 and 503 (a body may be sent with any request); `also`: its own. */
function answers(ok: Json, also: readonly ErrorStatus[] = [], deprecatable = false): Json {
  const statuses: ErrorStatus[] = ['400', '401', '403', '413', '503', ...also];
  return { ...ok, ...Object.fromEntries(statuses.sort().map((s) => [s, failure(s, deprecatable)])) };
}
const ok = (status: string, description: string, schema: string, deprecatable = false) => ({ [status]: answer(description, schema, deprecatable ? { Deprecation: header('Deprecation') } : {}) });

const LIMIT = { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, description: 'Items per page' };
const CURSOR = { name: 'cursor', in: 'query', required: false, schema: { type: 'string', maxLength: 400 }, description: 'The next_cursor of the page before' };
const query = (name: string, schema: Json, description: string, deprecated = false) => ({ name, in: 'query', required: false, schema, description, ...(deprecated ? { deprecated: true } : {}) });
const path = (name: string, type: 'string' | 'integer' = 'string') => ({ name, in: 'path', required: true, schema: { type } });
const PROJECT_ID = { type: 'integer', minimum: 0, maximum: 2 ** 31 - 1 };
const TIME = { type: 'string', format: 'date-time' };

const HEADERS = {
  RequestId: { description: "The request's id (the caller's X-Request-Id if well formed, else a new one); every log line of it carries it", schema: { type: 'string' } },
  Deprecation: { description: 'RFC 9745: the request used a name of before (a camelCase field or parameter); since when it is deprecated', schema: { type: 'string' } },
  RetryAfter: { description: 'Seconds to wait before retrying', schema: { type: 'string' } },
  Allow: { description: 'The methods the path serves', schema: { type: 'string' } },
  WwwAuthenticate: { description: 'Bearer realm="kassa-admin"', schema: { type: 'string' } },
};

const DESCRIPTION = [
  'Partners, projects, secret rotation, deliveries and the audit log, for operators. Every /admin/v1 route needs `Authorization: Bearer <KASSA_ADMIN_TOKEN>`. Secrets are write-only: answers show `[set]`.',
  'Answers are in the v3 envelope (`{success: true, data}`, `{success: false, error: {code, message}}`), with snake_case names and whole-second UTC times. The camelCase names of before (`projectId`, `partnerLogin`, `previousValidUntil`, …) are still read for one minor version: the answer then carries `Deprecation`.',
  'Every list pages one way: `limit` (1-100, default 20) and `cursor`; the answer is `data: {items, next_cursor}`, next_cursor null on the last page. Deliveries and audit entries come newest first; partners by login and projects by id (they keep no creation time). The list names of before (`partners`, `projects`, `deliveries`, `entries`) are still given beside `items`.',
  'A known path asked with a method it does not serve answers 405 METHOD_NOT_ALLOWED with `Allow` (components.responses.MethodNotAllowed).',
].join('\n\n');

/** The admin API's OpenAPI document, as served at /admin/v1/openapi.json. */
export interface AdminOpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly components: Json;
  readonly security: readonly Json[];
  readonly paths: Readonly<Record<string, Json>>;
}

/** The admin API's OpenAPI 3.1 document: request bodies from the very schemas the routes check, answers from the views' schemas. */
export function adminOpenApiDocument(): AdminOpenApiDocument {
  const p = ADMIN_PREFIX;
  const projectChange = projectFields.partial();
  return {
    openapi: '3.1.0' as const,
    info: { title: 'Kassa admin API', version: '1', description: DESCRIPTION },
    components: {
      securitySchemes: { adminToken: { type: 'http', scheme: 'bearer' } },
      schemas: answerComponents(),
      headers: HEADERS,
      responses: { MethodNotAllowed: failure('405', false) },
    },
    security: [{ adminToken: [] }],
    paths: {
      [`${p}/partners`]: {
        get: { operationId: 'listPartners', parameters: [LIMIT, CURSOR], responses: answers(ok('200', 'A page of partners, by login', 'PartnerPageAnswer')) },
        post: { operationId: 'createPartner', requestBody: body(partnerCreate), responses: answers(ok('201', 'Created', 'PartnerAnswer', true), ['409'], true) },
      },
      [`${p}/partners/{login}`]: {
        parameters: [path('login')],
        get: { operationId: 'getPartner', responses: answers(ok('200', 'The partner', 'PartnerAnswer'), ['404']) },
        patch: {
          operationId: 'changePartner',
          requestBody: body(partnerChange),
          responses: answers(ok('200', 'Changed (a password set here replaces the old one at once)', 'PartnerAnswer', true), ['404', '409'], true),
        },
      },
      [`${p}/partners/{login}/password/rotate`]: {
        parameters: [path('login')],
        post: {
          operationId: 'rotatePartnerPassword',
          requestBody: body(passwordRotation),
          responses: answers(ok('200', 'Rotated: both passwords verify until previous_valid_until', 'PartnerAnswer', true), ['404', '409'], true),
        },
      },
      [`${p}/projects`]: {
        get: {
          operationId: 'listProjects',
          parameters: [query('partner', { type: 'string' }, "One partner's projects"), LIMIT, CURSOR],
          responses: answers(ok('200', 'A page of projects, by id', 'ProjectPageAnswer')),
        },
        post: { operationId: 'createProject', requestBody: body(projectCreate), responses: answers(ok('201', 'Created', 'ProjectAnswer', true), ['409'], true) },
      },
      [`${p}/projects/{projectId}`]: {
        parameters: [path('projectId', 'integer')],
        get: { operationId: 'getProject', responses: answers(ok('200', 'The project', 'ProjectAnswer'), ['404']) },
        patch: {
          operationId: 'changeProject',
          requestBody: body(projectChange),
          responses: answers(ok('200', 'Changed: any fields of the seed file, checked as a whole', 'ProjectAnswer', true), ['404', '409'], true),
        },
      },
      [`${p}/projects/{projectId}/secrets/{kind}/rotate`]: {
        parameters: [path('projectId', 'integer'), { name: 'kind', in: 'path', required: true, schema: { type: 'string', enum: ['webhook', 'subscription'] } }],
        post: {
          operationId: 'rotateProjectSecret',
          requestBody: body(secretRotation),
          responses: answers(ok('200', 'Rotated: both secrets sign and verify until previous_valid_until', 'ProjectAnswer', true), ['404', '409'], true),
        },
      },
      [`${p}/secrets/reseal`]: {
        post: {
          operationId: 'resealSecrets',
          responses: answers(ok('200', 'Every partner, project and webhook endpoint written again, its secrets sealed under the current KASSA_SECRETS_KEY', 'ResealedAnswer')),
        },
      },
      [`${p}/deliveries`]: {
        get: {
          operationId: 'searchDeliveries',
          parameters: [
            query('state', { type: 'string', enum: ['pending', 'succeeded', 'dead'], default: 'dead' }, 'Deliveries in this state'),
            query('project_id', PROJECT_ID, "One project's"),
            query('projectId', PROJECT_ID, 'Deprecated: use project_id', true),
            query('from', TIME, 'Created at or after'),
            query('until', TIME, 'Created before'),
            LIMIT,
            CURSOR,
          ],
          responses: answers(ok('200', 'A page of deliveries across projects, newest first', 'DeliveryPageAnswer', true), [], true),
        },
      },
      [`${p}/deliveries/recover`]: {
        post: { operationId: 'recoverDeliveries', requestBody: body(recovery), responses: answers(ok('200', 'The dead deliveries of the range, redelivered', 'RecoveredAnswer', true), [], true) },
      },
      [`${p}/audit`]: {
        get: { operationId: 'listAudit', parameters: [LIMIT, CURSOR], responses: answers(ok('200', 'A page of admin changes, newest first', 'AuditPageAnswer')) },
      },
      '/health': { get: { operationId: 'health', security: [], responses: { '200': answer('Alive', 'Health') } } },
      '/ready': {
        get: {
          operationId: 'ready',
          security: [],
          responses: { '200': answer('Ready for traffic', 'Readiness'), '503': answer('Draining, or storage or Redis not answering', 'Readiness') },
        },
      },
      '/metrics': {
        get: {
          operationId: 'metrics',
          description: 'Prometheus text format. A loopback caller needs no token unless KASSA_ADMIN_METRICS_AUTH=token; any other caller needs `Authorization: Bearer <KASSA_ADMIN_TOKEN>`.',
          // Either: no token (loopback, unless KASSA_ADMIN_METRICS_AUTH=token), or the bearer token.
          security: [{}, { adminToken: [] }],
          responses: {
            '200': { description: 'The metrics', headers: { 'X-Request-Id': header('RequestId') }, content: { 'text/plain': { schema: { type: 'string' } } } },
            '401': failure('401', false),
            '403': failure('403', false),
          },
        },
      },
    },
  };
}
