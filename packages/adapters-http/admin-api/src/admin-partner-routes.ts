import type { Partner } from '@kassa-payments/domain';
import type { Revised } from '@kassa-payments/operations';
import type { Express, Request, Response } from 'express';
import { sendData } from '@kassa-payments/http-kit';
import { adminError } from './admin-auth.js';
import type { AdminDeps } from './admin-deps.js';
import { keyedPage, readKeyedListQuery } from './admin-list.js';
import { ADMIN_PREFIX, auditor, changedMeanwhile, parsedBody, retiringUntil } from './admin-route-kit.js';
import { partnerChange, partnerCreate, passwordRotation } from './admin-schemas.js';
import { auditedPartner, partnerView } from './admin-views.js';

const loginOf = (req: Request) => String(req.params['login']).slice(0, 129);

/**
 * Partners, listed, created, changed and their passwords rotated, each change in the audit log. Every
 * change reads the record fresh and writes it back compare-and-set on its revision, so two operators'
 * changes never silently undo each other (409 CHANGED_MEANWHILE to the later one).
 */
export function partnerRoutes(deps: AdminDeps, app: Express): void {
  const { directory } = deps;
  const audit = auditor(deps);
  const partnerOr404 = async (req: Request, res: Response): Promise<Revised<Partner> | undefined> => {
    const found = await directory.readPartner(loginOf(req));
    if (!found) adminError(res, 404, 'NOT_FOUND', 'No such partner');
    return found;
  };

  app.get(`${ADMIN_PREFIX}/partners`, async (req, res) => {
    const q = readKeyedListQuery<string>(req.query, 'string');
    if (!q.ok) return adminError(res, 400, 'BAD_REQUEST', q.message);
    const read = await directory.listPartners({ ...(q.value.after === undefined ? {} : { after: q.value.after }), limit: q.value.limit + 1 });
    const page = keyedPage(
      read,
      q.value.limit,
      (p) => p.record.login,
      (p) => partnerView(p.record),
    );
    sendData(res, { ...page, partners: page.items });
  });

  app.post(`${ADMIN_PREFIX}/partners`, async (req, res) => {
    const body = parsedBody(partnerCreate, req, res);
    if (!body.ok) return;
    const partner: Partner = body.value;
    if (!(await directory.createPartner(partner))) return adminError(res, 409, 'ALREADY_EXISTS', `login: partner ${partner.login} exists`);
    await audit(req, 'partner.created', `partner:${partner.login}`, auditedPartner(partner));
    sendData(res, partnerView(partner), 201);
  });

  app.get(`${ADMIN_PREFIX}/partners/:login`, async (req, res) => {
    const found = await partnerOr404(req, res);
    if (found) sendData(res, partnerView(found.record));
  });

  app.patch(`${ADMIN_PREFIX}/partners/:login`, async (req, res) => {
    const body = parsedBody(partnerChange, req, res);
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
    sendData(res, partnerView(changed));
  });

  app.post(`${ADMIN_PREFIX}/partners/:login/password/rotate`, async (req, res) => {
    const body = parsedBody(passwordRotation, req, res);
    if (!body.ok) return;
    const found = await partnerOr404(req, res);
    if (!found) return;
    const { previousPassword: _older, ...rest } = found.record;
    const previous = retiringUntil(deps, found.record.password, body.value.previousValidUntil);
    const rotated: Partner = { ...rest, password: body.value.password, ...(previous ? { previousPassword: previous } : {}) };
    if (!(await directory.replacePartner(rotated, found.revision))) return changedMeanwhile(res, 'The partner');
    await audit(req, 'secret.rotated', `partner:${rotated.login}`, { password: body.value.password, previousValidUntil: body.value.previousValidUntil });
    sendData(res, partnerView(rotated));
  });
}
