import type { ComponentChildren } from 'preact';
import { WEBHOOK_ENDPOINT_LIMITS, type Project, type WebhookDelivery, type WebhookEndpoint } from '@kassa-payments/domain';
import { eventTypeNames } from '@kassa-payments/http-kit';
import { ALL_EVENT_TYPES, ENDPOINT_EVENT_TYPES, LIMITS, WEBHOOK_ENDPOINT_FIELD_LIMITS } from '@kassa-payments/protocol';
import { ActionForm, type Frame, LiveSection, projectPath, render, t, time, withLang } from './dashboard-frame.js';
import { DeliveriesList } from './delivery-views.js';
import { attemptResult, type EndpointHealth } from './endpoint-health.js';
import { Status } from './status-words.js';
import { urlShown } from './url-shown.js';

// The webhook endpoints' pages: the list, the creation form, an endpoint's page (settings, status,
// health, rotation, deletion, deliveries) and the page that shows a new secret, once. JSX rendered
// to strings as the other views: every value is escaped.

const endpointsPath = (projectId: number, rest = '') => projectPath(projectId, `/webhook-endpoints${rest}`);
export const endpointPath = (projectId: number, endpointId: string, rest = '') => endpointsPath(projectId, `/${encodeURIComponent(endpointId)}${rest}`);

/** What an endpoint form shows: the values of an endpoint, or of a form sent back with a notice. */
export interface EndpointDraft {
  readonly url: string;
  /** Wire names (`payment.updated`), or `*` for all. */
  readonly eventTypes: readonly string[];
  readonly description: string;
}

export const draftOf = (e: WebhookEndpoint): EndpointDraft => ({ url: e.url, eventTypes: eventTypeNames(e.eventTypes), description: e.description ?? '' });

const typesText = (frame: Frame, e: WebhookEndpoint) => (e.eventTypes === 'all' ? t(frame).allEvents : eventTypeNames(e.eventTypes).join(', '));

/** Its status (the API's word) and, when disabled, why: what the list and its page both say. */
function EndpointStatus({ frame, endpoint, health }: { frame: Frame; endpoint: WebhookEndpoint; health: EndpointHealth }) {
  const texts = t(frame);
  const why =
    health.disabledBy === 'kassa'
      ? texts.disabledByKassa(time(endpoint.disabledAt as string), health.failingSince ? time(health.failingSince) : '—')
      : health.disabledBy === 'merchant'
        ? texts.disabledByMerchant
        : undefined;
  return (
    <>
      <Status word={endpoint.state} />
      {why ? <span class="why"> {why}</span> : null}
    </>
  );
}

/** The last attempt's time and result, or that there was none. */
const lastAttemptText = (frame: Frame, health: EndpointHealth) => (health.lastAttempt ? `${time(health.lastAttempt.at)}: ${attemptResult(health.lastAttempt, t(frame).notSent)}` : t(frame).noAttempt);
const failingText = (health: EndpointHealth) => (health.failingSince ? time(health.failingSince) : '—');

function Notice({ notice }: { notice: string | undefined }) {
  return notice ? (
    <p class="notice" role="status">
      {notice}
    </p>
  ) : null;
}

/** The url, event types and description fields of the creation and settings forms. */
function EndpointFields({ frame, draft }: { frame: Frame; draft: EndpointDraft }) {
  const texts = t(frame);
  const checked = new Set(draft.eventTypes);
  return (
    <>
      <label>
        {texts.url}
        <input name="url" type="url" value={draft.url} maxLength={WEBHOOK_ENDPOINT_FIELD_LIMITS.url} required placeholder="https://shop.example/kassa-events" />
      </label>
      <fieldset class="types">
        <legend>{texts.eventTypes}</legend>
        <label class="check">
          <input type="checkbox" name="event_types" value={ALL_EVENT_TYPES} checked={checked.has(ALL_EVENT_TYPES)} />
          {texts.allEvents}
        </label>
        {ENDPOINT_EVENT_TYPES.map((type) => (
          <label class="check">
            <input type="checkbox" name="event_types" value={type} checked={checked.has(type)} />
            <code>{type}</code>
          </label>
        ))}
      </fieldset>
      <label>
        {texts.description}
        <input name="description" value={draft.description} maxLength={LIMITS.description} />
      </label>
    </>
  );
}

export function endpointsPage(frame: Frame, endpoints: readonly { readonly endpoint: WebhookEndpoint; readonly health: EndpointHealth }[], notice?: string) {
  const texts = t(frame);
  const p = frame.project as Project;
  return render(
    frame,
    texts.endpoints,
    <>
      <Notice notice={notice} />
      <p class="hint">{texts.endpointCount(endpoints.length)}</p>
      {endpoints.length < WEBHOOK_ENDPOINT_LIMITS.perProject ? (
        <p>
          <a href={withLang(endpointsPath(p.id, '/new'), frame.lang)}>{texts.newEndpoint}</a>
        </p>
      ) : null}
      {endpoints.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <div class="scroll">
          <table>
            <thead>
              <tr>
                <th>{texts.url}</th>
                <th>{texts.eventTypes}</th>
                <th>{texts.description}</th>
                <th>{texts.status}</th>
                <th>{texts.lastAttempt}</th>
                <th>{texts.failingSince}</th>
                <th>{texts.createdAt}</th>
              </tr>
            </thead>
            <tbody>
              {endpoints.map(({ endpoint: e, health }) => (
                <tr>
                  <td>
                    <a href={withLang(endpointPath(p.id, e.id), frame.lang)}>{urlShown(e.url).text}</a>
                  </td>
                  <td>{typesText(frame, e)}</td>
                  <td>{e.description ?? '—'}</td>
                  <td>
                    <EndpointStatus frame={frame} endpoint={e} health={health} />
                  </td>
                  <td class="last-attempt">{lastAttemptText(frame, health)}</td>
                  <td class="failing-since">{failingText(health)}</td>
                  <td>{time(e.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {endpoints.length > 0 ? <p class="hint">{texts.healthHint}</p> : null}
    </>,
  );
}

export function newEndpointPage(frame: Frame, draft: EndpointDraft, notice?: string) {
  const texts = t(frame);
  const p = frame.project as Project;
  return render(
    frame,
    texts.newEndpoint,
    <>
      <Notice notice={notice} />
      <ActionForm frame={frame} action={endpointsPath(p.id)} className="stack">
        <EndpointFields frame={frame} draft={draft} />
        <button type="submit">{texts.createEndpoint}</button>
      </ActionForm>
    </>,
  );
}

export function endpointPage(
  frame: Frame,
  endpoint: WebhookEndpoint,
  deliveries: readonly WebhookDelivery[],
  health: EndpointHealth,
  options: { notice?: string | undefined; draft?: EndpointDraft | undefined } = {},
) {
  const texts = t(frame);
  const p = frame.project as Project;
  const facts: [string, ComponentChildren][] = [
    ['id', endpoint.id],
    [texts.url, urlShown(endpoint.url).text],
    [texts.eventTypes, typesText(frame, endpoint)],
    [texts.description, endpoint.description ?? '—'],
    [texts.status, <EndpointStatus frame={frame} endpoint={endpoint} health={health} />],
    [texts.lastAttempt, <span class="last-attempt">{lastAttemptText(frame, health)}</span>],
    [texts.failingSince, <span class="failing-since">{failingText(health)}</span>],
    [texts.createdAt, time(endpoint.createdAt)],
  ];
  const next = endpoint.state === 'enabled' ? { status: 'disabled', label: texts.disable } : { status: 'enabled', label: texts.enable };
  return render(
    frame,
    `${texts.endpoint}: ${urlShown(endpoint.url).text}`,
    <>
      <Notice notice={options.notice} />
      <dl class="facts">
        {facts.map(([label, value]) => (
          <>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </>
        ))}
      </dl>
      <ActionForm frame={frame} action={endpointPath(p.id, endpoint.id, '/status')} className="actions">
        <input type="hidden" name="status" value={next.status} />
        <button type="submit">{next.label}</button>
      </ActionForm>
      <h2>{texts.settings}</h2>
      <ActionForm frame={frame} action={endpointPath(p.id, endpoint.id, '/settings')} className="stack">
        <EndpointFields frame={frame} draft={options.draft ?? draftOf(endpoint)} />
        <button type="submit">{texts.save}</button>
      </ActionForm>
      <h2>{texts.rotateSecret}</h2>
      <ActionForm frame={frame} action={endpointPath(p.id, endpoint.id, '/rotate-secret')} className="filters">
        <label>
          {texts.rotationHours}
          <input name="expires_in_hours" type="number" min={0} max={WEBHOOK_ENDPOINT_LIMITS.maxRotationHours} step={1} value={String(WEBHOOK_ENDPOINT_LIMITS.defaultRotationHours)} />
        </label>
        <button type="submit">{texts.rotateSecret}</button>
      </ActionForm>
      <h2>{texts.deleteEndpoint}</h2>
      <ActionForm frame={frame} action={endpointPath(p.id, endpoint.id, '/delete')} className="filters">
        <label class="check">
          <input type="checkbox" name="confirm" value="yes" required />
          {texts.confirmDelete}
        </label>
        <button type="submit" class="danger">
          {texts.deleteEndpoint}
        </button>
      </ActionForm>
      <h2>{texts.endpointDeliveries}</h2>
      <LiveSection frame={frame} hint={texts.live}>
        <DeliveriesList frame={frame} deliveries={deliveries} />
      </LiveSection>
    </>,
  );
}

/**
 * The answer to a creation or a rotation: the endpoint's new secret, the one page that shows it (an
 * answer to the POST itself, never a redirect's target, so the secret is in no address).
 */
export function endpointSecretPage(frame: Frame, endpoint: WebhookEndpoint, rotated: boolean) {
  const texts = t(frame);
  const p = frame.project as Project;
  const retiring = rotated ? endpoint.previousSecret : undefined;
  return render(
    frame,
    rotated ? texts.secretRotated : texts.secretCreated,
    <>
      <p class="notice" role="status">
        {texts.secretOnce}
      </p>
      <dl class="facts">
        <dt>{texts.url}</dt>
        <dd>{urlShown(endpoint.url).text}</dd>
        <dt>{texts.secret}</dt>
        <dd>
          <pre data-copy="" class="secret">
            {endpoint.secret}
          </pre>
        </dd>
      </dl>
      {retiring ? <p>{texts.oldSecretUntil(time(retiring.validUntil))}</p> : null}
      <p>
        <a href={withLang(endpointPath(p.id, endpoint.id), frame.lang)}>{texts.toEndpoint}</a>
      </p>
    </>,
  );
}
