import { specTime, type KassaMode, type Project } from '@kassa-payments/domain';
import type { ComponentChildren, VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { dashboardAddress } from './dashboard-address.js';
import { DASHBOARD_PATH } from './dashboard-auth.js';
import { DASHBOARD_TEXTS, type DashboardLang, type DashboardTexts } from './dashboard-texts.js';

// Server-rendered JSX (preact-render-to-string escapes every text and attribute; nothing here sets
// raw HTML). One stylesheet and one deferred script of the host's own; no inline script or style.
// Every page of the dashboard is drawn in this frame (its header, its project's sections), and each
// section's views file draws only what is inside it.

export const DASHBOARD_ASSETS = { css: `${DASHBOARD_PATH}/dashboard.css`, js: `${DASHBOARD_PATH}/dashboard.js` } as const;

export interface Frame {
  readonly lang: DashboardLang;
  readonly mode: KassaMode;
  /** The signed-in partner's, or none on the sign-in page. */
  readonly partnerLogin?: string;
  readonly csrf?: string;
  readonly projects?: readonly Project[];
  readonly project?: Project;
  readonly section?: 'overview' | 'invoices' | 'contracts' | 'subscriptions' | 'events' | 'deliveries' | 'endpoints' | 'requests' | 'settings' | 'sandbox';
  /** The page's own address without its language, for its language links and live sections (which never leave the dashboard, whatever it says). */
  readonly path: string;
}

/** The dashboard's texts in the frame's language. */
export const t = (frame: Pick<Frame, 'lang'>): DashboardTexts => DASHBOARD_TEXTS[frame.lang];
export const projectPath = (projectId: number, rest = '') => `${DASHBOARD_PATH}/projects/${projectId}${rest}`;
export const time = (iso: string) => specTime(iso);
export const withLang = (path: string, lang: DashboardLang) => `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
/** This page in `lang`: never off the dashboard, whatever path the request named. */
const selfIn = (frame: Frame, lang: DashboardLang) => withLang(dashboardAddress(frame.path), lang);

/** A form that changes something: POST, with the session's CSRF token. */
export function ActionForm({ frame, action, children, className }: { frame: Frame; action: string; children: ComponentChildren; className?: string }) {
  return (
    <form method="post" action={withLang(action, frame.lang)} class={className ?? 'inline'}>
      <input type="hidden" name="csrf" value={frame.csrf ?? ''} />
      {children}
    </form>
  );
}

function Nav({ frame }: { frame: Frame }) {
  const p = frame.project;
  if (!p) return null;
  const texts = t(frame);
  const items: [Frame['section'], string, string][] = [
    ['overview', texts.overview, projectPath(p.id)],
    ['invoices', texts.invoices, projectPath(p.id, '/invoices')],
    ['contracts', texts.contracts, projectPath(p.id, '/contracts')],
    ['subscriptions', texts.subscriptions, projectPath(p.id, '/subscriptions')],
    ['events', texts.events, projectPath(p.id, '/events')],
    ['deliveries', texts.deliveries, projectPath(p.id, '/deliveries')],
    ['endpoints', texts.endpoints, projectPath(p.id, '/webhook-endpoints')],
    ['requests', texts.requests, projectPath(p.id, '/requests')],
    ['settings', texts.projectSettings, projectPath(p.id, '/settings')],
    ...(frame.mode === 'test' ? [['sandbox', texts.sandbox, projectPath(p.id, '/sandbox')] as [Frame['section'], string, string]] : []),
  ];
  return (
    <nav class="sections" aria-label={texts.project}>
      {items.map(([key, label, href]) => (
        <a href={withLang(href, frame.lang)} aria-current={frame.section === key ? 'page' : undefined}>
          {label}
        </a>
      ))}
    </nav>
  );
}

function Page({ frame, title, children }: { frame: Frame; title: string; children: ComponentChildren }) {
  const texts = t(frame);
  return (
    <html lang={frame.lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Kassa`}</title>
        <link rel="stylesheet" href={DASHBOARD_ASSETS.css} />
        <script src={DASHBOARD_ASSETS.js} defer />
      </head>
      <body>
        <header class="top">
          <a class="brand" href={withLang(`${DASHBOARD_PATH}/`, frame.lang)}>
            Kassa
          </a>
          {frame.mode === 'test' ? <span class="badge">test</span> : null}
          {frame.projects && frame.projects.length > 0 ? (
            <nav class="projects" aria-label={texts.projects}>
              {frame.projects.map((p) => (
                <a href={withLang(projectPath(p.id), frame.lang)} aria-current={frame.project?.id === p.id ? 'page' : undefined}>
                  {`${texts.project} ${p.id}`}
                </a>
              ))}
            </nav>
          ) : null}
          <nav class="langs" aria-label={texts.language}>
            {(['ru', 'en'] as const).map((l) =>
              l === frame.lang ? (
                <span aria-current="true">{l.toUpperCase()}</span>
              ) : (
                <a href={selfIn(frame, l)} lang={l}>
                  {l.toUpperCase()}
                </a>
              ),
            )}
          </nav>
          {frame.partnerLogin ? (
            <ActionForm frame={frame} action={`${DASHBOARD_PATH}/sign-out`}>
              <span class="who">{frame.partnerLogin}</span> <button type="submit">{texts.signOut}</button>
            </ActionForm>
          ) : null}
        </header>
        <Nav frame={frame} />
        <main>
          <h1>{title}</h1>
          {children}
        </main>
      </body>
    </html>
  );
}

export const render = (frame: Frame, title: string, body: ComponentChildren) =>
  `<!doctype html>${renderToString(
    <Page frame={frame} title={title}>
      {body}
    </Page>,
  )}`;
/** A part of a page alone: what its live section reloads. */
export const renderFragment = (body: VNode) => renderToString(body);

/** A section dashboard.js reloads by itself from this page's address (its fragment), with what it says above it. */
export function LiveSection({ frame, hint, children }: { frame: Frame; hint?: string; children: ComponentChildren }) {
  return (
    <>
      {hint ? <p class="hint">{hint}</p> : null}
      <section data-live={selfIn(frame, frame.lang)} aria-live="polite">
        {children}
      </section>
    </>
  );
}

/** A page that only says something: a request refused, a form expired, a page not found. */
export const noticePage = (frame: Frame, title: string, message: string) =>
  render(
    frame,
    title,
    <p class="notice" role="status">
      {message}
    </p>,
  );
