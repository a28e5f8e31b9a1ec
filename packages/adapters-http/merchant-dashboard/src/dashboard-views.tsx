import { INVOICE_STATUS_BY_STATE, paymentStatusName, SUBSCRIPTION_STATUS_BY_STATE } from '@kassa-payments/protocol';
import { moneyText } from '@kassa-payments/http-kit';
import {
  CONTRACT_STATES,
  INVOICE_STATES,
  SUBSCRIPTION_STATES,
  invoiceIsPaid,
  maskMsisdn,
  type Contract,
  type Subscription,
  specTime,
  type Customer,
  type DomainEvent,
  type Invoice,
  type KassaMode,
  type Project,
  type TestClock,
  type WebhookDelivery,
} from '@kassa-payments/domain';
import { API_CALLS_DAYS, maskForLog, type ApiCall } from '@kassa-payments/operations';
import type { ComponentChildren, VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { EVENT_TYPE_NAMES, eventView } from '@kassa-payments/http-kit';
import { dashboardAddress } from './dashboard-address.js';
import { DASHBOARD_PATH } from './dashboard-auth.js';
import { DASHBOARD_TEXTS, type DashboardLang, type DashboardTexts } from './dashboard-texts.js';
import { CONTRACT_STATUS_BY_STATE, contractStatus, invoiceStatus, Status, statusWords, subscriptionStatus } from './status-words.js';

// Server-rendered JSX (preact-render-to-string escapes every text and attribute; nothing here sets
// raw HTML). One stylesheet and one deferred script of the host's own; no inline script or style.

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

const t = (frame: Pick<Frame, 'lang'>): DashboardTexts => DASHBOARD_TEXTS[frame.lang];
export const projectPath = (projectId: number, rest = '') => `${DASHBOARD_PATH}/projects/${projectId}${rest}`;
export const time = (iso: string) => specTime(iso);
const customerText = (c: Customer) => (c.type === 'mobile_phone' ? maskMsisdn(c.msisdn) : `${c.source}:${c.merchantCustomerId}`);
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

export function signInPage(frame: Frame, token: string, message?: string) {
  const texts = t(frame);
  return render(
    frame,
    texts.signIn,
    <form method="post" action={withLang(`${DASHBOARD_PATH}/sign-in`, frame.lang)} class="card sign-in">
      {message ? (
        <p class="error" role="alert">
          {message}
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <label>
        {texts.login}
        <input name="login" autocomplete="username" required maxLength={200} />
      </label>
      <label>
        {texts.password}
        <input name="password" type="password" autocomplete="current-password" required maxLength={200} />
      </label>
      <button type="submit">{texts.signInButton}</button>
    </form>,
  );
}

export const noticePage = (frame: Frame, title: string, message: string) =>
  render(
    frame,
    title,
    <p class="notice" role="status">
      {message}
    </p>,
  );

export function projectsPage(frame: Frame) {
  const texts = t(frame);
  return render(
    frame,
    texts.projects,
    <ul class="list">
      {(frame.projects ?? []).map((p) => (
        <li>
          <a href={withLang(projectPath(p.id), frame.lang)}>{`${texts.project} ${p.id}`}</a>
        </li>
      ))}
    </ul>,
  );
}

export function invoicesPage(frame: Frame, invoices: readonly Invoice[], query: { state?: string; order?: string; from?: string; to?: string }, nextHref: string | undefined) {
  const texts = t(frame);
  const p = frame.project as Project;
  const rows = invoices.map((i) => [
    <a href={withLang(projectPath(p.id, `/invoices/${encodeURIComponent(i.id)}`), frame.lang)}>{i.merchantOrderId}</a>,
    <Status word={invoiceStatus(i.state)} />,
    paymentStatusName(invoiceIsPaid(i)),
    moneyText(i.price),
    customerText(i.customer),
    time(i.createdAt),
  ]);
  const filters = (
    <>
      <StateSelect frame={frame} words={statusWords(INVOICE_STATES, INVOICE_STATUS_BY_STATE)} chosen={query.state} />
      <DateRange frame={frame} from={query.from} to={query.to} />
      <label>
        {texts.orderId}
        <input name="order" value={query.order ?? ''} maxLength={64} />
      </label>
    </>
  );
  return render(
    frame,
    texts.invoices,
    <ListPage
      frame={frame}
      action={projectPath(p.id, '/invoices')}
      filters={filters}
      head={[texts.orderId, texts.status, texts.paymentStatus, texts.amount, texts.customer, texts.createdAt]}
      rows={rows}
      nextHref={nextHref}
    />,
  );
}

/**
 * An event as GET events lists it (its id, which its deliveries carry as `webhook-id`, type, time,
 * request id, and the data its webhook's body carries), masked as the logs are (no msisdn in full).
 */
const payloadText = (e: DomainEvent) => JSON.stringify(maskForLog(eventView(e)), null, 2);

function DeliveryBlock({ frame, delivery }: { frame: Frame; delivery: WebhookDelivery }) {
  const texts = t(frame);
  const p = frame.project as Project;
  return (
    <article class="delivery" id={`delivery-${delivery.id}`}>
      <p>
        <strong>{delivery.state}</strong> → <code>{delivery.notification.url}</code>
      </p>
      <table>
        <caption>{texts.attempts}</caption>
        <thead>
          <tr>
            <th>{texts.at}</th>
            <th>{texts.status}</th>
            <th>{texts.latency}</th>
            <th>{texts.answer}</th>
          </tr>
        </thead>
        <tbody>
          {delivery.attempts.map((a) => (
            <tr>
              <td>{time(a.at)}</td>
              <td>{a.status ?? a.error ?? '—'}</td>
              <td>{Math.round(a.latencyMs)}</td>
              <td>
                <code>{a.response.slice(0, 120)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ActionForm frame={frame} action={projectPath(p.id, `/deliveries/${encodeURIComponent(delivery.id)}/resend`)}>
        <button type="submit">{texts.resend}</button>
      </ActionForm>
    </article>
  );
}

export type Timeline = readonly { readonly event: DomainEvent; readonly deliveries: readonly WebhookDelivery[] }[];
type Fact = readonly [string, ComponentChildren];

/** A record's facts (with the request ids its events name, and its test clock if any). */
function Facts({ frame, facts, timeline, testClockId }: { frame: Frame; facts: readonly Fact[]; timeline: Timeline; testClockId?: string | undefined }) {
  const texts = t(frame);
  const requestIds = [...new Set(timeline.map((x) => x.event.requestId).filter((id): id is string => id !== undefined))];
  const all: Fact[] = [
    ...facts,
    ...(testClockId ? [['test_clock_id', <code>{testClockId}</code>] as Fact] : []),
    [texts.requestId, requestIds.length > 0 ? requestIds.map((id) => <code class="tag">{id}</code>) : '—'],
  ];
  return (
    <dl class="facts">
      {all.map(([label, value]) => (
        <>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </>
      ))}
    </dl>
  );
}

/** A record's events, oldest first, each with its payload and the deliveries it caused. */
function TimelineSection({ frame, timeline }: { frame: Frame; timeline: Timeline }) {
  const texts = t(frame);
  return (
    <>
      <h2>{texts.timeline}</h2>
      {timeline.length === 0 ? <p>{texts.none}</p> : <p class="hint">{texts.eventHint}</p>}
      {timeline.map(({ event, deliveries }) => (
        <section class="event" id={`event-${event.id}`}>
          <h3>
            {EVENT_TYPE_NAMES[event.type]} <small>{time(event.occurredAt)}</small>
          </h3>
          <pre data-copy="">{payloadText(event)}</pre>
          {deliveries.map((d) => (
            <DeliveryBlock frame={frame} delivery={d} />
          ))}
        </section>
      ))}
    </>
  );
}

export function invoicePage(frame: Frame, invoice: Invoice, timeline: Timeline) {
  const texts = t(frame);
  const facts: Fact[] = [
    ['invoice_id', <code>{invoice.id}</code>],
    [texts.status, <Status word={invoiceStatus(invoice.state)} />],
    [texts.paymentStatus, paymentStatusName(invoiceIsPaid(invoice))],
    ...(invoice.refundStatus ? [['refund_status', invoice.refundStatus] as Fact] : []),
    [texts.amount, moneyText(invoice.price)],
    [texts.customer, customerText(invoice.customer)],
    [texts.createdAt, time(invoice.createdAt)],
  ];
  return render(
    frame,
    `${texts.invoices}: ${invoice.merchantOrderId}`,
    <>
      <Facts frame={frame} facts={facts} timeline={timeline} testClockId={invoice.testClockId} />
      {frame.mode === 'test' && invoice.authorizationType === 'AUTH_PAGE' && invoice.state === 'created' ? (
        <>
          <h2>{texts.simulate}</h2>
          <ActionForm frame={frame} action={projectPath((frame.project as Project).id, `/sandbox/invoices/${encodeURIComponent(invoice.id)}/simulate`)} className="actions">
            <button type="submit" name="outcome" value="paid">
              {texts.simulatePaid}
            </button>
            <button type="submit" name="outcome" value="declined" class="danger">
              {texts.simulateDeclined}
            </button>
          </ActionForm>
        </>
      ) : null}
      <TimelineSection frame={frame} timeline={timeline} />
    </>,
  );
}

export function contractPage(frame: Frame, contract: Contract, timeline: Timeline) {
  const texts = t(frame);
  const facts: Fact[] = [
    ['contract_id', <code>{contract.id}</code>],
    [texts.status, <Status word={contractStatus(contract.state)} />],
    [texts.customer, customerText(contract.customer)],
    ['authorization_type', contract.authorizationType],
    [texts.createdAt, time(contract.createdAt)],
    ['expires_at', time(contract.expiresAt)],
  ];
  return render(
    frame,
    `${texts.contracts}: ${contract.merchantContractId}`,
    <>
      <Facts frame={frame} facts={facts} timeline={timeline} testClockId={contract.testClockId} />
      <TimelineSection frame={frame} timeline={timeline} />
    </>,
  );
}

const subscriberText = (s: Subscription) => (s.subscriberMsisdn ? maskMsisdn(s.subscriberMsisdn) : (s.subscriberId ?? '—'));

export function subscriptionPage(frame: Frame, subscription: Subscription, timeline: Timeline) {
  const texts = t(frame);
  const facts: Fact[] = [
    ['SubscriptionID', <code>{subscription.id}</code>],
    [texts.status, <Status word={subscriptionStatus(subscription.state)} />],
    [texts.customer, subscriberText(subscription)],
    [texts.amount, moneyText(subscription.billing.amount)],
    ['PaidUntil', subscription.paidUntil ? time(subscription.paidUntil) : '—'],
    [texts.createdAt, time(subscription.createdAt)],
  ];
  return render(
    frame,
    `${texts.subscriptions}: ${subscription.id}`,
    <>
      <Facts frame={frame} facts={facts} timeline={timeline} testClockId={subscription.testClockId} />
      <h2>{texts.charges}</h2>
      {subscription.billingOperations.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <div class="scroll">
          <table>
            <thead>
              <tr>
                <th>BillingOperationID</th>
                <th>{texts.status}</th>
                <th>{texts.amount}</th>
                <th>{texts.at}</th>
              </tr>
            </thead>
            <tbody>
              {subscription.billingOperations.map((o) => (
                <tr>
                  <td>
                    <code>{o.id}</code>
                  </td>
                  <td>{o.refunded ? `${o.status} (refunded)` : o.status}</td>
                  <td>{moneyText(o.amount)}</td>
                  <td>{time(o.at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <TimelineSection frame={frame} timeline={timeline} />
    </>,
  );
}

/** A list's filters: a GET form (so that a filtered page can be linked) in the page's language. */
function FilterForm({ frame, action, children }: { frame: Frame; action: string; children: ComponentChildren }) {
  return (
    <form method="get" action={action} class="filters">
      <input type="hidden" name="lang" value={frame.lang} />
      {children}
      <button type="submit">{t(frame).find}</button>
    </form>
  );
}

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

/** A list page: its filters (GET, so that a page can be linked), its table and the next page's link. */
function ListPage({
  frame,
  action,
  filters,
  head,
  rows,
  nextHref,
}: {
  frame: Frame;
  action: string;
  filters: ComponentChildren;
  head: readonly string[];
  rows: readonly (readonly ComponentChildren[])[];
  nextHref: string | undefined;
}) {
  const texts = t(frame);
  return (
    <>
      <FilterForm frame={frame} action={action}>
        {filters}
      </FilterForm>
      {rows.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <div class="scroll">
          <table>
            <thead>
              <tr>
                {head.map((h) => (
                  <th>{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells) => (
                <tr>
                  {cells.map((c) => (
                    <td>{c}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextHref ? (
        <a class="next" href={withLang(nextHref, frame.lang)}>
          {texts.next}
        </a>
      ) : null}
    </>
  );
}

/** The creation-date range of a list's filters (both days included). */
function DateRange({ frame, from, to }: { frame: Frame; from: string | undefined; to: string | undefined }) {
  const texts = t(frame);
  return (
    <>
      <label>
        {texts.from}
        <input name="from" type="date" value={from ?? ''} />
      </label>
      <label>
        {texts.to}
        <input name="to" type="date" value={to ?? ''} />
      </label>
    </>
  );
}

/** One choice of a list's filters: "any", or one of `options`. */
function Choice({ frame, name, label, options, chosen }: { frame: Frame; name: string; label: string; options: readonly string[]; chosen: string | undefined }) {
  const texts = t(frame);
  return (
    <label>
      {label}
      <select name={name}>
        <option value="">{texts.any}</option>
        {options.map((o) => (
          <option value={o} selected={chosen === o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A list's status filter: the status words (the values `?state=` takes, as the list shows them). */
const StateSelect = ({ frame, words, chosen }: { frame: Frame; words: readonly string[]; chosen: string | undefined }) => (
  <Choice frame={frame} name="state" label={t(frame).status} options={words} chosen={chosen} />
);

export function contractsPage(frame: Frame, contracts: readonly Contract[], query: { state?: string; mcid?: string; from?: string; to?: string }, nextHref: string | undefined) {
  const texts = t(frame);
  const p = frame.project as Project;
  const rows = contracts.map((c) => [
    <a href={withLang(projectPath(p.id, `/contracts/${encodeURIComponent(c.id)}`), frame.lang)}>{c.merchantContractId}</a>,
    <Status word={contractStatus(c.state)} />,
    customerText(c.customer),
    time(c.createdAt),
  ]);
  const filters = (
    <>
      <StateSelect frame={frame} words={statusWords(CONTRACT_STATES, CONTRACT_STATUS_BY_STATE)} chosen={query.state} />
      <DateRange frame={frame} from={query.from} to={query.to} />
      <label>
        merchant_contract_id
        <input name="mcid" value={query.mcid ?? ''} maxLength={64} />
      </label>
    </>
  );
  return render(
    frame,
    texts.contracts,
    <ListPage
      frame={frame}
      action={projectPath(p.id, '/contracts')}
      filters={filters}
      head={['merchant_contract_id', texts.status, texts.customer, texts.createdAt]}
      rows={rows}
      nextHref={nextHref}
    />,
  );
}

export function subscriptionsPage(frame: Frame, subscriptions: readonly Subscription[], query: { state?: string; from?: string; to?: string }, nextHref: string | undefined) {
  const texts = t(frame);
  const p = frame.project as Project;
  const rows = subscriptions.map((s) => [
    <a href={withLang(projectPath(p.id, `/subscriptions/${encodeURIComponent(s.id)}`), frame.lang)}>
      <code>{s.id}</code>
    </a>,
    <Status word={subscriptionStatus(s.state)} />,
    subscriberText(s),
    moneyText(s.billing.amount),
    s.paidUntil ? time(s.paidUntil) : '—',
    time(s.createdAt),
  ]);
  return render(
    frame,
    texts.subscriptions,
    <ListPage
      frame={frame}
      action={projectPath(p.id, '/subscriptions')}
      filters={
        <>
          <StateSelect frame={frame} words={statusWords(SUBSCRIPTION_STATES, SUBSCRIPTION_STATUS_BY_STATE)} chosen={query.state} />
          <DateRange frame={frame} from={query.from} to={query.to} />
        </>
      }
      head={['SubscriptionID', texts.status, texts.customer, texts.amount, 'PaidUntil', texts.createdAt]}
      rows={rows}
      nextHref={nextHref}
    />,
  );
}

export function EventsList({ frame, events }: { frame: Frame; events: readonly DomainEvent[] }) {
  const texts = t(frame);
  if (events.length === 0) return <p>{texts.none}</p>;
  return (
    <>
      {events.map((e) => (
        <details class="event">
          <summary>
            <strong>{EVENT_TYPE_NAMES[e.type]}</strong> <small>{time(e.occurredAt)}</small> <code>{e.aggregate.id}</code>
            {e.requestId ? <code class="tag">{e.requestId}</code> : null}
          </summary>
          <pre data-copy="">{payloadText(e)}</pre>
        </details>
      ))}
    </>
  );
}

export function eventsPage(frame: Frame, events: readonly DomainEvent[], type: string | undefined, types: readonly string[]) {
  const texts = t(frame);
  const p = frame.project as Project;
  return render(
    frame,
    texts.events,
    <>
      <FilterForm frame={frame} action={projectPath(p.id, '/events')}>
        <Choice frame={frame} name="type" label={texts.type} options={types} chosen={type} />
      </FilterForm>
      <LiveSection frame={frame} hint={texts.live}>
        <EventsList frame={frame} events={events} />
      </LiveSection>
    </>,
  );
}

export function DeliveriesList({ frame, deliveries }: { frame: Frame; deliveries: readonly WebhookDelivery[] }) {
  const texts = t(frame);
  if (deliveries.length === 0) return <p>{texts.none}</p>;
  return (
    <>
      {deliveries.map((d) => (
        <section class="event">
          <h3>
            {EVENT_TYPE_NAMES[d.eventType]} <small>{time(d.createdAt)}</small>
          </h3>
          <DeliveryBlock frame={frame} delivery={d} />
        </section>
      ))}
    </>
  );
}

export function deliveriesPage(frame: Frame, deliveries: readonly WebhookDelivery[], status: string | undefined, notice?: string) {
  const texts = t(frame);
  const p = frame.project as Project;
  return render(
    frame,
    texts.deliveries,
    <>
      {notice ? (
        <p class="notice" role="status">
          {notice}
        </p>
      ) : null}
      <FilterForm frame={frame} action={projectPath(p.id, '/deliveries')}>
        <Choice frame={frame} name="status" label={texts.status} options={['pending', 'succeeded', 'dead']} chosen={status} />
      </FilterForm>
      <ActionForm frame={frame} action={projectPath(p.id, '/deliveries/resend-dead')} className="filters">
        <DateRange frame={frame} from={undefined} to={undefined} />
        <button type="submit">{texts.resendDead}</button>
      </ActionForm>
      <LiveSection frame={frame} hint={texts.live}>
        <DeliveriesList frame={frame} deliveries={deliveries} />
      </LiveSection>
    </>,
  );
}

export function RequestsList({ frame, calls }: { frame: Frame; calls: readonly ApiCall[] }) {
  const texts = t(frame);
  if (calls.length === 0) return <p>{texts.none}</p>;
  return (
    <>
      {calls.map((c) => (
        <details class="event">
          <summary>
            <strong>{c.status}</strong> <code>{c.method}</code> <code>{c.route}</code> <small>{time(c.at)}</small> <small>{`${c.ms} ms`}</small>
          </summary>
          <dl class="facts">
            <dt>{texts.requestId}</dt>
            <dd>
              <code>{c.requestId}</code>
            </dd>
            {c.idempotencyKey ? (
              <>
                <dt>Idempotency-Key</dt>
                <dd>
                  <code>{c.idempotencyKey}</code>
                </dd>
              </>
            ) : null}
          </dl>
          {c.request ? <pre data-copy="">{c.request}</pre> : null}
          {c.response ? <pre data-copy="">{c.response}</pre> : null}
        </details>
      ))}
    </>
  );
}

/** The newest calls the requests page shows of those kept (API_CALLS_KEPT). */
export const REQUESTS_SHOWN = 100;

export function requestsPage(frame: Frame, calls: readonly ApiCall[]) {
  const texts = t(frame);
  return render(
    frame,
    texts.requests,
    <LiveSection frame={frame} hint={texts.requestsHint(REQUESTS_SHOWN, API_CALLS_DAYS)}>
      <RequestsList frame={frame} calls={calls} />
    </LiveSection>,
  );
}

export function ClocksList({ frame, clocks }: { frame: Frame; clocks: readonly TestClock[] }) {
  const texts = t(frame);
  const p = frame.project as Project;
  if (clocks.length === 0) return <p>{texts.none}</p>;
  return (
    <ul class="list">
      {clocks.map((c) => (
        <li class="clock">
          <strong>{c.name ?? c.id}</strong> <code>{c.id}</code> <span class="state">{c.status}</span> {time(c.frozenTime)}
          {c.advancingTo ? ` → ${time(c.advancingTo)}` : ''}
          <ActionForm frame={frame} action={projectPath(p.id, `/sandbox/clocks/${encodeURIComponent(c.id)}/advance`)}>
            <label>
              {texts.frozenTime}
              <input name="frozen_time" value={time(c.advancingTo ?? c.frozenTime)} maxLength={30} required />
            </label>
            <button type="submit">{texts.advance}</button>
          </ActionForm>
        </li>
      ))}
    </ul>
  );
}

export function sandboxPage(frame: Frame, clocks: readonly TestClock[], notice?: string) {
  const texts = t(frame);
  const p = frame.project as Project;
  return render(
    frame,
    texts.sandbox,
    <>
      {notice ? (
        <p class="notice" role="status">
          {notice}
        </p>
      ) : null}
      <h2>{texts.testClocks}</h2>
      <ActionForm frame={frame} action={projectPath(p.id, '/sandbox/clocks')} className="filters">
        <label>
          {texts.name}
          <input name="name" maxLength={40} />
        </label>
        <label>
          {texts.frozenTime}
          <input name="frozen_time" placeholder="2027-01-01T00:00:00Z" maxLength={30} required />
        </label>
        <button type="submit">{texts.createClock}</button>
      </ActionForm>
      <LiveSection frame={frame}>
        <ClocksList frame={frame} clocks={clocks} />
      </LiveSection>
      <h2>{texts.reset}</h2>
      <ActionForm frame={frame} action={projectPath(p.id, '/sandbox/reset')} className="actions">
        <button type="submit" class="danger">
          {texts.reset}
        </button>
      </ActionForm>
    </>,
  );
}
