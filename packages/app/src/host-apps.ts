import type { RequestListener } from 'node:http';
import { ApiCallRecorder, createApiApp, createPciApp } from '@kassa-payments/json-api';
import { createWidgetApp, widgetPageRefusals, type JwtPaymentPages } from '@kassa-payments/payment-pages';
import { dashboardRefusals, merchantDashboard } from '@kassa-payments/merchant-dashboard';
import { createDocumentHostApp, type DocumentHost, type DocumentRefusal } from '@kassa-payments/http-kit';
import type { HttpDeps } from './http-deps.js';
import type { HostName } from './settings.js';
import { xmlEndpoints } from './xml-endpoints.js';
import { routeNamingObserver } from './telemetry/route-naming.js';

/**
 * What the benchmark's cost table switches off, one at a time, to show what each costs a call
 * (`npm run bench`). For measuring only: no configuration reaches them.
 */
export type BenchmarkSwitch = 'recording' | 'metrics' | 'idempotency' | 'signature-uses';

/** A public host: its app, and how requests Node's parser refuses are answered (in the format of the path they were for). */
export interface HostApp {
  readonly app: RequestListener;
  readonly documents: readonly DocumentRefusal[];
  readonly fallback?: DocumentHost;
}

/**
 * The API host: the JSON v3 API and the merchants' dashboard. The dashboard's requests page reads
 * the projects' calls through the API's recorder (unless `record` is off), which stores what waits first.
 */
function apiApp(deps: HttpDeps, record: boolean): RequestListener {
  const { dashboard } = deps;
  const recorder = dashboard && record ? new ApiCallRecorder(dashboard.apiCalls, () => deps.clock.now()) : undefined;
  const hosted = dashboard ? [merchantDashboard(deps, recorder ? { ...dashboard, apiCalls: recorder } : dashboard)] : [];
  return createApiApp(recorder ? { ...deps, apiCallRecorder: recorder } : deps, hosted);
}

/** The four public hosts of the spec, each one delivery app or more (the XML services ride on three). */
export function hostApps(wired: HttpDeps, pages: JwtPaymentPages, off: ReadonlySet<BenchmarkSwitch>): Record<HostName, () => HostApp> {
  const { observer, idempotency, signatureUses, ...rest } = wired;
  // Traces on, the observer also names each request's server span by its route (route-naming.ts).
  const observing = routeNamingObserver(observer && !off.has('metrics') ? observer : undefined);
  const httpDeps: HttpDeps = {
    ...rest,
    ...(observing ? { observer: observing } : {}),
    ...(idempotency && !off.has('idempotency') ? { idempotency } : {}),
    ...(signatureUses && !off.has('signature-uses') ? { signatureUses } : {}),
  };
  const { subsHost, ...raw } = xmlEndpoints(httpDeps);
  const deps = { ...httpDeps, rawEndpoints: raw };
  return {
    api: () => ({ app: apiApp(deps, !off.has('recording')), documents: [...raw.api, ...dashboardRefusals(deps.mode)] }),
    pci: () => ({ app: createPciApp(deps), documents: raw.pci }),
    widget: () => ({ app: createWidgetApp(deps, pages), documents: widgetPageRefusals(deps.mode) }),
    // The subscription service: XML endpoints (raw), health, and every other path answered in its XML.
    subs: () => ({ app: createDocumentHostApp(deps, 'subs', subsHost), documents: raw.subs, fallback: subsHost }),
  };
}
