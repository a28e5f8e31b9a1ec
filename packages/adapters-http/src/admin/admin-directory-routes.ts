import type { Partner, Project, RetiringSecret } from '@kassa/domain';
import type { Express, Request, Response } from 'express';
import type { z } from 'zod';
import { sendJson } from '../shared/envelope.js';
import { adminError, auditFrom } from './admin-auth.js';
import type { AdminDeps } from './admin-deps.js';
import { auditedChanges, auditedPartner, auditedProject, partnerView, projectView } from './admin-views.js';
import { firstIssue, framedByAnyInProduction, projectInput, projectSchema, toProject } from './directory-schema.js';
import { partnerChange, partnerCreate, passwordRotation, projectChange, projectCreate, secretRotation } from './admin-schemas.js';

export const ADMIN_PREFIX = '/admin/v1';

type Parsed<T> = { ok: true; value: T } | { ok: false };

/** The body checked by `schema`, or a 400 naming the field sent. */
function parsed<T>(schema: z.ZodType<T>, body: unknown, res: Response): Parsed<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  adminError(res, 400, 'BAD_REQUEST', firstIssue(result.error));
  return { ok: false };
}

const loginOf = (req: Request) => String(req.params['login']).slice(0, 129);
const projectIdOf = (req: Request): number | undefined => {
  const text = String(req.params['projectId']);
  return /^[0-9]{1,10}$/.test(text) && Number(text) <= 2 ** 31 - 1 ? Number(text) : undefined;
};

/** Partners and projects, listed, created, changed and their secrets rotated, each change in the audit log. */
export function directoryRoutes(deps: AdminDeps, app: Express): void {
  const { directory } = deps;
  const audit = (req: Request, action: string, target: string, changes: Record<string, unknown>) =>
    deps.audit.record({ id: deps.ids.newId(), at: deps.clock.now().toISOString(), actor: 'admin-token', from: auditFrom(req), action, target, changes: auditedChanges(changes) });
  const projectOr404 = async (req: Request, res: Response): Promise<Project | undefined> => {
    const id = projectIdOf(req);
    const project = id === undefined ? undefined : await directory.findProject(id);
    if (!project) adminError(res, 404, 'NOT_FOUND', `No project ${String(req.params['projectId']).slice(0, 32)}`);
    return project;
  };
  const partnerOr404 = async (req: Request, res: Response): Promise<Partner | undefined> => {
    const partner = await directory.findPartner(loginOf(req));
    if (!partner) adminError(res, 404, 'NOT_FOUND', 'No such partner');
    return partner;
  };
  const retiring = (value: string | null, until: string): RetiringSecret | undefined =>
    value === null || Date.parse(until) <= deps.clock.now().getTime() ? undefined : { value, validUntil: new Date(until).toISOString() };

  app.get(`${ADMIN_PREFIX}/partners`, async (_req, res) => sendJson(res, 200, { partners: (await directory.listPartners()).map(partnerView) }));

  app.post(`${ADMIN_PREFIX}/partners`, async (req, res) => {
    const body = parsed(partnerCreate, req.body, res);
    if (!body.ok) return;
    if (await directory.findPartner(body.value.login)) return adminError(res, 409, 'ALREADY_EXISTS', `login: partner ${body.value.login} exists`);
    const partner: Partner = body.value;
    await directory.putPartner(partner);
    await audit(req, 'partner.created', `partner:${partner.login}`, auditedPartner(partner));
    sendJson(res, 201, { partner: partnerView(partner) });
  });

  app.get(`${ADMIN_PREFIX}/partners/:login`, async (req, res) => {
    const partner = await partnerOr404(req, res);
    if (partner) sendJson(res, 200, { partner: partnerView(partner) });
  });

  app.patch(`${ADMIN_PREFIX}/partners/:login`, async (req, res) => {
    const body = parsed(partnerChange, req.body, res);
    if (!body.ok) return;
    const partner = await partnerOr404(req, res);
    if (!partner) return;
    // A password set here replaces the old one at once (it may have leaked): rotate it for an overlap.
    const { previousPassword, ...rest } = partner;
    const changed: Partner = {
      ...rest,
      ...(body.value.password === undefined ? (previousPassword ? { previousPassword } : {}) : { password: body.value.password }),
      ...(body.value.testCallbackAllowed === undefined ? {} : { testCallbackAllowed: body.value.testCallbackAllowed }),
    };
    await directory.putPartner(changed);
    await audit(req, 'partner.changed', `partner:${partner.login}`, body.value);
    sendJson(res, 200, { partner: partnerView(changed) });
  });

  app.post(`${ADMIN_PREFIX}/partners/:login/password/rotate`, async (req, res) => {
    const body = parsed(passwordRotation, req.body, res);
    if (!body.ok) return;
    const partner = await partnerOr404(req, res);
    if (!partner) return;
    const { previousPassword: _old, ...rest } = partner;
    const previous = retiring(partner.password, body.value.previousValidUntil);
    const rotated: Partner = { ...rest, password: body.value.password, ...(previous ? { previousPassword: previous } : {}) };
    await directory.putPartner(rotated);
    await audit(req, 'secret.rotated', `partner:${partner.login}`, { password: body.value.password, previousValidUntil: body.value.previousValidUntil });
    sendJson(res, 200, { partner: partnerView(rotated) });
  });

  app.get(`${ADMIN_PREFIX}/projects`, async (req, res) => {
    const partner = typeof req.query['partner'] === 'string' ? req.query['partner'].slice(0, 128) : undefined;
    sendJson(res, 200, { projects: (await directory.listProjects(partner === undefined ? {} : { partnerLogin: partner })).map(projectView) });
  });

  app.post(`${ADMIN_PREFIX}/projects`, async (req, res) => {
    const body = parsed(projectCreate, req.body, res);
    if (!body.ok) return;
    const { partnerLogin, ...fields } = body.value;
    if (framedByAnyInProduction(fields, deps.mode)) return adminError(res, 400, 'BAD_REQUEST', 'widgetOrigins: * is allowed only in the test environment');
    if (!(await directory.findPartner(partnerLogin))) return adminError(res, 400, 'BAD_REQUEST', `partnerLogin: no partner ${partnerLogin}`);
    if (await directory.findProject(fields.id)) return adminError(res, 409, 'ALREADY_EXISTS', `id: project ${fields.id} exists`);
    const project = toProject(fields, partnerLogin);
    await directory.putProject(project);
    await audit(req, 'project.created', `project:${project.id}`, auditedProject(project));
    sendJson(res, 201, { project: projectView(project) });
  });

  app.get(`${ADMIN_PREFIX}/projects/:projectId`, async (req, res) => {
    const project = await projectOr404(req, res);
    if (project) sendJson(res, 200, { project: projectView(project) });
  });

  app.patch(`${ADMIN_PREFIX}/projects/:projectId`, async (req, res) => {
    const change = parsed(projectChange, req.body, res);
    if (!change.ok) return;
    const project = await projectOr404(req, res);
    if (!project) return;
    if ('id' in change.value && change.value['id'] !== project.id) return adminError(res, 400, 'BAD_REQUEST', 'id: a project keeps its id');
    const merged = parsed(projectSchema, { ...projectInput(project), ...change.value }, res);
    if (!merged.ok) return;
    if (framedByAnyInProduction(merged.value, deps.mode)) return adminError(res, 400, 'BAD_REQUEST', 'widgetOrigins: * is allowed only in the test environment');
    // A secret set here replaces the old one at once; the other's overlap, if any, stays.
    const kept = {
      ...('webhookSecret' in change.value || !project.previousWebhookSecret ? {} : { previousWebhookSecret: project.previousWebhookSecret }),
      ...('subscriptionSecret' in change.value || !project.previousSubscriptionSecret ? {} : { previousSubscriptionSecret: project.previousSubscriptionSecret }),
    };
    const changed = toProject(merged.value, project.partnerLogin, kept);
    await directory.putProject(changed);
    await audit(req, 'project.changed', `project:${project.id}`, change.value);
    sendJson(res, 200, { project: projectView(changed) });
  });

  app.post(`${ADMIN_PREFIX}/projects/:projectId/secrets/:kind/rotate`, async (req, res) => {
    const kind = String(req.params['kind']);
    if (kind !== 'webhook' && kind !== 'subscription') return adminError(res, 404, 'NOT_FOUND', 'A project has a webhook and a subscription secret');
    const body = parsed(secretRotation, req.body, res);
    if (!body.ok) return;
    const project = await projectOr404(req, res);
    if (!project) return;
    const field = kind === 'webhook' ? 'webhookSecret' : 'subscriptionSecret';
    const previousField = kind === 'webhook' ? 'previousWebhookSecret' : 'previousSubscriptionSecret';
    const { [previousField]: _old, ...rest } = project;
    const previous = retiring(project[field], body.value.previousValidUntil);
    const rotated: Project = { ...rest, [field]: body.value.secret, ...(previous ? { [previousField]: previous } : {}) };
    await directory.putProject(rotated);
    await audit(req, 'secret.rotated', `project:${project.id}`, { [field]: body.value.secret, previousValidUntil: body.value.previousValidUntil });
    sendJson(res, 200, { project: projectView(rotated) });
  });

  // After KASSA_SECRETS_KEY changed: every record written again, so sealed under the current key
  // (a put always seals with it); then the previous key can leave the configuration.
  app.post(`${ADMIN_PREFIX}/secrets/reseal`, async (req, res) => {
    const partners = await directory.listPartners();
    const projects = await directory.listProjects({});
    for (const partner of partners) await directory.putPartner(partner);
    for (const project of projects) await directory.putProject(project);
    await audit(req, 'secrets.resealed', 'directory', { partners: partners.length, projects: projects.length });
    sendJson(res, 200, { partners: partners.length, projects: projects.length });
  });
}
