import type { Project } from '@kassa-payments/domain';
import type { Revised } from '@kassa-payments/operations';
import type { Express, Request, Response } from 'express';
import { sendData } from '@kassa-payments/http-kit';
import { adminError } from './admin-auth.js';
import type { AdminDeps } from './admin-deps.js';
import { keyedPage, readKeyedListQuery } from './admin-list.js';
import { ADMIN_PREFIX, auditor, changedMeanwhile, checked, fieldsOf, parsedBody, retiringUntil } from './admin-route-kit.js';
import { projectChange, projectCreate, secretRotation } from './admin-schemas.js';
import { auditedProject, projectView } from './admin-views.js';
import { framedByAnyInProduction, projectInput, projectSchema, toProject } from './directory-schema.js';

const projectIdOf = (req: Request): number | undefined => {
  const text = String(req.params['projectId']);
  return /^[0-9]{1,10}$/.test(text) && Number(text) <= 2 ** 31 - 1 ? Number(text) : undefined;
};

const ANY_ORIGIN_REFUSED = 'widget_origins: * is allowed only in the test environment';

/**
 * Projects, listed, created, changed and their secrets rotated, each change in the audit log, every
 * change compare-and-set on the revision read (as partners'); and the re-seal of every secret.
 */
export function projectRoutes(deps: AdminDeps, app: Express): void {
  const { directory } = deps;
  const audit = auditor(deps);
  const projectOr404 = async (req: Request, res: Response): Promise<Revised<Project> | undefined> => {
    const id = projectIdOf(req);
    const found = id === undefined ? undefined : await directory.readProject(id);
    if (!found) adminError(res, 404, 'NOT_FOUND', `No project ${String(req.params['projectId']).slice(0, 32)}`);
    return found;
  };

  app.get(`${ADMIN_PREFIX}/projects`, async (req, res) => {
    const { partner: given, ...rest } = req.query;
    const q = readKeyedListQuery<number>(rest, 'number');
    if (!q.ok) return adminError(res, 400, 'BAD_REQUEST', q.message);
    const partner = typeof given === 'string' ? given.slice(0, 128) : undefined;
    const read = await directory.listProjects({
      ...(partner === undefined ? {} : { partnerLogin: partner }),
      ...(q.value.after === undefined ? {} : { after: q.value.after }),
      limit: q.value.limit + 1,
    });
    const page = keyedPage(
      read,
      q.value.limit,
      (p) => p.record.id,
      (p) => projectView(p.record),
    );
    sendData(res, { ...page, projects: page.items });
  });

  app.post(`${ADMIN_PREFIX}/projects`, async (req, res) => {
    const body = parsedBody(projectCreate, req, res);
    if (!body.ok) return;
    const { partnerLogin, ...fields } = body.value;
    if (framedByAnyInProduction(fields, deps.mode)) return adminError(res, 400, 'BAD_REQUEST', ANY_ORIGIN_REFUSED);
    if (!(await directory.readPartner(partnerLogin))) return adminError(res, 400, 'BAD_REQUEST', `partner_login: no partner ${partnerLogin}`);
    const project = toProject(fields, partnerLogin);
    if (!(await directory.createProject(project))) return adminError(res, 409, 'ALREADY_EXISTS', `id: project ${fields.id} exists`);
    await audit(req, 'project.created', `project:${project.id}`, auditedProject(project));
    sendData(res, projectView(project), 201);
  });

  app.get(`${ADMIN_PREFIX}/projects/:projectId`, async (req, res) => {
    const found = await projectOr404(req, res);
    if (found) sendData(res, projectView(found.record));
  });

  app.patch(`${ADMIN_PREFIX}/projects/:projectId`, async (req, res) => {
    const fields = fieldsOf(req.body, res);
    if (!fields) return;
    const change = checked(projectChange, fields, res);
    if (!change.ok) return;
    const found = await projectOr404(req, res);
    if (!found) return;
    const project = found.record;
    if ('id' in change.value && change.value['id'] !== project.id) return adminError(res, 400, 'BAD_REQUEST', 'id: a project keeps its id');
    const merged = checked(projectSchema, { value: { ...projectInput(project), ...change.value }, given: fields.given }, res);
    if (!merged.ok) return;
    if (framedByAnyInProduction(merged.value, deps.mode)) return adminError(res, 400, 'BAD_REQUEST', ANY_ORIGIN_REFUSED);
    // A secret set here to a new value replaces the old one at once and ends its overlap; the other's overlap, if any, stays.
    const replaces = (field: 'webhookSecret' | 'subscriptionSecret') => field in change.value && change.value[field] !== project[field];
    const kept = {
      ...(replaces('webhookSecret') || !project.previousWebhookSecret ? {} : { previousWebhookSecret: project.previousWebhookSecret }),
      ...(replaces('subscriptionSecret') || !project.previousSubscriptionSecret ? {} : { previousSubscriptionSecret: project.previousSubscriptionSecret }),
    };
    const changed = toProject(merged.value, project.partnerLogin, kept);
    if (!(await directory.replaceProject(changed, found.revision))) return changedMeanwhile(res, 'The project');
    await audit(req, 'project.changed', `project:${project.id}`, change.value);
    sendData(res, projectView(changed));
  });

  app.post(`${ADMIN_PREFIX}/projects/:projectId/secrets/:kind/rotate`, async (req, res) => {
    const kind = String(req.params['kind']);
    if (kind !== 'webhook' && kind !== 'subscription') return adminError(res, 404, 'NOT_FOUND', 'A project has a webhook and a subscription secret');
    const body = parsedBody(secretRotation, req, res);
    if (!body.ok) return;
    const found = await projectOr404(req, res);
    if (!found) return;
    const project = found.record;
    const field = kind === 'webhook' ? 'webhookSecret' : 'subscriptionSecret';
    const previousField = kind === 'webhook' ? 'previousWebhookSecret' : 'previousSubscriptionSecret';
    const { [previousField]: _older, ...rest } = project;
    const previous = retiringUntil(deps, project[field], body.value.previousValidUntil);
    const rotated: Project = { ...rest, [field]: body.value.secret, ...(previous ? { [previousField]: previous } : {}) };
    if (!(await directory.replaceProject(rotated, found.revision))) return changedMeanwhile(res, 'The project');
    await audit(req, 'secret.rotated', `project:${project.id}`, { [field]: body.value.secret, previousValidUntil: body.value.previousValidUntil });
    sendData(res, projectView(rotated));
  });

  // After KASSA_SECRETS_KEY changed: every record written again, so sealed under the current key (a
  // write always seals with it); then the previous key can leave the configuration. A record changed
  // meanwhile was written under the current key already.
  app.post(`${ADMIN_PREFIX}/secrets/reseal`, async (req, res) => {
    const partners = await directory.listPartners();
    const projects = await directory.listProjects({});
    let resealed = 0;
    for (const p of partners) if (await directory.replacePartner(p.record, p.revision)) resealed += 1;
    for (const p of projects) if (await directory.replaceProject(p.record, p.revision)) resealed += 1;
    // The merchants' webhook endpoints too: their signing secrets are sealed the same way.
    const endpoints = await deps.endpoints.rewriteAll();
    resealed += endpoints.rewritten;
    const counts = { partners: partners.length, projects: projects.length, webhook_endpoints: endpoints.found, resealed };
    await audit(req, 'secrets.resealed', 'directory', counts);
    sendData(res, counts);
  });
}
