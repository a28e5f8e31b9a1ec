import type { Partner, Project, RetiringSecret } from '@kassa/domain';
import type { Revised } from '@kassa/operations';
import type { Express, Request, Response } from 'express';
import type { z } from 'zod';
import { sendJson } from '@kassa/http-kit';
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

/** A change that lost to another one made since the record was read: read it again and retry. */
const changedMeanwhile = (res: Response, what: string) => adminError(res, 409, 'CHANGED_MEANWHILE', `${what} changed while this request ran; read it again and retry`);

/**
 * Partners and projects, listed, created, changed and their secrets rotated, each change in the audit
 * log. Every change reads the record fresh and writes it back compare-and-set on its revision, so two
 * operators' changes never silently undo each other (409 CHANGED_MEANWHILE to the later one).
 */
export function directoryRoutes(deps: AdminDeps, app: Express): void {
  const { directory } = deps;
  const audit = (req: Request, action: string, target: string, changes: Record<string, unknown>) =>
    deps.audit.record({ id: deps.ids.newId(), at: deps.clock.now().toISOString(), actor: 'admin-token', from: auditFrom(req), action, target, changes: auditedChanges(changes) });
  const projectOr404 = async (req: Request, res: Response): Promise<Revised<Project> | undefined> => {
    const id = projectIdOf(req);
    const found = id === undefined ? undefined : await directory.readProject(id);
    if (!found) adminError(res, 404, 'NOT_FOUND', `No project ${String(req.params['projectId']).slice(0, 32)}`);
    return found;
  };
  const partnerOr404 = async (req: Request, res: Response): Promise<Revised<Partner> | undefined> => {
    const found = await directory.readPartner(loginOf(req));
    if (!found) adminError(res, 404, 'NOT_FOUND', 'No such partner');
    return found;
  };
  const retiring = (value: string | null, until: string): RetiringSecret | undefined =>
    value === null || Date.parse(until) <= deps.clock.now().getTime() ? undefined : { value, validUntil: new Date(until).toISOString() };

  app.get(`${ADMIN_PREFIX}/partners`, async (_req, res) => sendJson(res, 200, { partners: (await directory.listPartners()).map((p) => partnerView(p.record)) }));

  app.post(`${ADMIN_PREFIX}/partners`, async (req, res) => {
    const body = parsed(partnerCreate, req.body, res);
    if (!body.ok) return;
    const partner: Partner = body.value;
    if (!(await directory.createPartner(partner))) return adminError(res, 409, 'ALREADY_EXISTS', `login: partner ${partner.login} exists`);
    await audit(req, 'partner.created', `partner:${partner.login}`, auditedPartner(partner));
    sendJson(res, 201, { partner: partnerView(partner) });
  });

  app.get(`${ADMIN_PREFIX}/partners/:login`, async (req, res) => {
    const found = await partnerOr404(req, res);
    if (found) sendJson(res, 200, { partner: partnerView(found.record) });
  });

  app.patch(`${ADMIN_PREFIX}/partners/:login`, async (req, res) => {
    const body = parsed(partnerChange, req.body, res);
    if (!body.ok) return;
    const found = await partnerOr404(req, res);
    if (!found) return;
    // A password set here replaces the old one at once (it may have leaked), and ends any overlap: rotate it for one.
    const { previousPassword, ...rest } = found.record;
    const { password, testCallbackAllowed } = body.value;
    const changed: Partner = {
      ...rest,
      ...(password === undefined ? (previousPassword ? { previousPassword } : {}) : { password }),
      ...(testCallbackAllowed === undefined ? {} : { testCallbackAllowed }),
    };
    if (!(await directory.replacePartner(changed, found.revision))) return changedMeanwhile(res, 'The partner');
    await audit(req, 'partner.changed', `partner:${changed.login}`, body.value);
    sendJson(res, 200, { partner: partnerView(changed) });
  });

  app.post(`${ADMIN_PREFIX}/partners/:login/password/rotate`, async (req, res) => {
    const body = parsed(passwordRotation, req.body, res);
    if (!body.ok) return;
    const found = await partnerOr404(req, res);
    if (!found) return;
    const { previousPassword: _older, ...rest } = found.record;
    const previous = retiring(found.record.password, body.value.previousValidUntil);
    const rotated: Partner = { ...rest, password: body.value.password, ...(previous ? { previousPassword: previous } : {}) };
    if (!(await directory.replacePartner(rotated, found.revision))) return changedMeanwhile(res, 'The partner');
    await audit(req, 'secret.rotated', `partner:${rotated.login}`, { password: body.value.password, previousValidUntil: body.value.previousValidUntil });
    sendJson(res, 200, { partner: partnerView(rotated) });
  });

  app.get(`${ADMIN_PREFIX}/projects`, async (req, res) => {
    const partner = typeof req.query['partner'] === 'string' ? req.query['partner'].slice(0, 128) : undefined;
    const found = await directory.listProjects(partner === undefined ? {} : { partnerLogin: partner });
    sendJson(res, 200, { projects: found.map((p) => projectView(p.record)) });
  });

  app.post(`${ADMIN_PREFIX}/projects`, async (req, res) => {
    const body = parsed(projectCreate, req.body, res);
    if (!body.ok) return;
    const { partnerLogin, ...fields } = body.value;
    if (framedByAnyInProduction(fields, deps.mode)) return adminError(res, 400, 'BAD_REQUEST', 'widgetOrigins: * is allowed only in the test environment');
    if (!(await directory.readPartner(partnerLogin))) return adminError(res, 400, 'BAD_REQUEST', `partnerLogin: no partner ${partnerLogin}`);
    const project = toProject(fields, partnerLogin);
    if (!(await directory.createProject(project))) return adminError(res, 409, 'ALREADY_EXISTS', `id: project ${fields.id} exists`);
    await audit(req, 'project.created', `project:${project.id}`, auditedProject(project));
    sendJson(res, 201, { project: projectView(project) });
  });

  app.get(`${ADMIN_PREFIX}/projects/:projectId`, async (req, res) => {
    const found = await projectOr404(req, res);
    if (found) sendJson(res, 200, { project: projectView(found.record) });
  });

  app.patch(`${ADMIN_PREFIX}/projects/:projectId`, async (req, res) => {
    const change = parsed(projectChange, req.body, res);
    if (!change.ok) return;
    const found = await projectOr404(req, res);
    if (!found) return;
    const project = found.record;
    if ('id' in change.value && change.value['id'] !== project.id) return adminError(res, 400, 'BAD_REQUEST', 'id: a project keeps its id');
    const merged = parsed(projectSchema, { ...projectInput(project), ...change.value }, res);
    if (!merged.ok) return;
    if (framedByAnyInProduction(merged.value, deps.mode)) return adminError(res, 400, 'BAD_REQUEST', 'widgetOrigins: * is allowed only in the test environment');
    // A secret set here to a new value replaces the old one at once and ends its overlap; the other's overlap, if any, stays.
    const replaces = (field: 'webhookSecret' | 'subscriptionSecret') => field in change.value && change.value[field] !== project[field];
    const kept = {
      ...(replaces('webhookSecret') || !project.previousWebhookSecret ? {} : { previousWebhookSecret: project.previousWebhookSecret }),
      ...(replaces('subscriptionSecret') || !project.previousSubscriptionSecret ? {} : { previousSubscriptionSecret: project.previousSubscriptionSecret }),
    };
    const changed = toProject(merged.value, project.partnerLogin, kept);
    if (!(await directory.replaceProject(changed, found.revision))) return changedMeanwhile(res, 'The project');
    await audit(req, 'project.changed', `project:${project.id}`, change.value);
    sendJson(res, 200, { project: projectView(changed) });
  });

  app.post(`${ADMIN_PREFIX}/projects/:projectId/secrets/:kind/rotate`, async (req, res) => {
    const kind = String(req.params['kind']);
    if (kind !== 'webhook' && kind !== 'subscription') return adminError(res, 404, 'NOT_FOUND', 'A project has a webhook and a subscription secret');
    const body = parsed(secretRotation, req.body, res);
    if (!body.ok) return;
    const found = await projectOr404(req, res);
    if (!found) return;
    const project = found.record;
    const field = kind === 'webhook' ? 'webhookSecret' : 'subscriptionSecret';
    const previousField = kind === 'webhook' ? 'previousWebhookSecret' : 'previousSubscriptionSecret';
    const { [previousField]: _older, ...rest } = project;
    const previous = retiring(project[field], body.value.previousValidUntil);
    const rotated: Project = { ...rest, [field]: body.value.secret, ...(previous ? { [previousField]: previous } : {}) };
    if (!(await directory.replaceProject(rotated, found.revision))) return changedMeanwhile(res, 'The project');
    await audit(req, 'secret.rotated', `project:${project.id}`, { [field]: body.value.secret, previousValidUntil: body.value.previousValidUntil });
    sendJson(res, 200, { project: projectView(rotated) });
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
    await audit(req, 'secrets.resealed', 'directory', { partners: partners.length, projects: projects.length, resealed });
    sendJson(res, 200, { partners: partners.length, projects: projects.length });
  });
}
