import { z } from 'zod';
import { ADMIN_PREFIX } from './admin-directory-routes.js';
import { auditQuery, deliverySearch, partnerChange, partnerCreate, passwordRotation, projectChange, projectCreate, recovery, secretRotation } from './admin-schemas.js';

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) } } });
const error = { description: 'The error envelope: { success: false, error: { code, message } }' };
const answers = (ok: string, status = '200') => ({ [status]: { description: ok }, '400': error, '401': error, '403': error, '404': error, '503': error });
const queryOf = (schema: z.ZodObject) =>
  Object.keys(schema.shape).map((name) => ({ name, in: 'query', required: false, schema: z.toJSONSchema(schema.shape[name] as z.ZodType, { io: 'input', unrepresentable: 'any' }) }));
const path = (name: string, type: 'string' | 'integer' = 'string') => ({ name, in: 'path', required: true, schema: { type } });

/** The admin API's OpenAPI 3.1 document, from the very schemas its routes check bodies with. */
export function adminOpenApiDocument() {
  const p = ADMIN_PREFIX;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kassa admin API',
      version: '1',
      description:
        'Partners, projects, secret rotation, dead deliveries and the audit log, for operators. Every route needs `Authorization: Bearer <KASSA_ADMIN_TOKEN>`. Secrets are write-only: answers show `[set]`.',
    },
    components: { securitySchemes: { adminToken: { type: 'http', scheme: 'bearer' } } },
    security: [{ adminToken: [] }],
    paths: {
      [`${p}/partners`]: {
        get: { operationId: 'listPartners', responses: answers('The partners') },
        post: { operationId: 'createPartner', requestBody: json(partnerCreate), responses: { ...answers('Created', '201'), '409': error } },
      },
      [`${p}/partners/{login}`]: {
        parameters: [path('login')],
        get: { operationId: 'getPartner', responses: answers('The partner') },
        patch: { operationId: 'changePartner', requestBody: json(partnerChange), responses: answers('Changed (a password set here replaces the old one at once)') },
      },
      [`${p}/partners/{login}/password/rotate`]: {
        parameters: [path('login')],
        post: { operationId: 'rotatePartnerPassword', requestBody: json(passwordRotation), responses: answers('Rotated: both passwords verify until previousValidUntil') },
      },
      [`${p}/projects`]: {
        get: { operationId: 'listProjects', parameters: [{ name: 'partner', in: 'query', required: false, schema: { type: 'string' } }], responses: answers('The projects') },
        post: { operationId: 'createProject', requestBody: json(projectCreate), responses: { ...answers('Created', '201'), '409': error } },
      },
      [`${p}/projects/{projectId}`]: {
        parameters: [path('projectId', 'integer')],
        get: { operationId: 'getProject', responses: answers('The project') },
        patch: { operationId: 'changeProject', requestBody: json(projectChange), responses: answers('Changed: any fields of the seed file, checked as a whole') },
      },
      [`${p}/projects/{projectId}/secrets/{kind}/rotate`]: {
        parameters: [path('projectId', 'integer'), { name: 'kind', in: 'path', required: true, schema: { enum: ['webhook', 'subscription'] } }],
        post: { operationId: 'rotateProjectSecret', requestBody: json(secretRotation), responses: answers('Rotated: both secrets sign and verify until previousValidUntil') },
      },
      [`${p}/secrets/reseal`]: { post: { operationId: 'resealSecrets', responses: answers('Every partner and project written again, its secrets sealed under the current KASSA_SECRETS_KEY') } },
      [`${p}/deliveries`]: { get: { operationId: 'searchDeliveries', parameters: queryOf(deliverySearch), responses: answers('Deliveries across projects, newest first') } },
      [`${p}/deliveries/recover`]: { post: { operationId: 'recoverDeliveries', requestBody: json(recovery), responses: answers('The dead deliveries of the range, redelivered') } },
      [`${p}/audit`]: { get: { operationId: 'listAudit', parameters: queryOf(auditQuery), responses: answers('Admin changes, newest first; next_cursor pages on') } },
      '/health': { get: { operationId: 'health', security: [], responses: { '200': { description: 'Alive' } } } },
      '/ready': { get: { operationId: 'ready', security: [], responses: { '200': { description: 'Ready for traffic' }, '503': { description: 'Draining, or storage or Redis not answering' } } } },
      '/metrics': { get: { operationId: 'metrics', responses: { '200': { description: 'Prometheus text format (no token from loopback unless KASSA_ADMIN_METRICS_AUTH=token)' } } } },
    },
  };
}
