import { offeredMethods, type Project, type WebhookEndpoint } from '@kassa-payments/domain';
import type { RetiringSecret } from '@kassa-payments/domain';
import { moneyText } from '@kassa-payments/http-kit';
import type { ComponentChildren } from 'preact';
import { type Frame, projectPath, render, t, time, withLang } from './dashboard-frame.js';
import { endpointPath } from './endpoint-views.js';
import { Status } from './status-words.js';
import { urlShown } from './url-shown.js';

// A project's settings as its partner may read them, and how its secrets are rotated. No secret is
// on this page, not even a part of one: each field is chosen here by name (never the project
// spread), a secret is said to be set or not, and a URL loses what may carry a token.

type Fact = readonly [string, ComponentChildren];

function Url({ frame, url }: { frame: Frame; url: string | null }) {
  if (url === null) return <>—</>;
  const shown = urlShown(url);
  return (
    <>
      <code>{shown.text}</code>
      {shown.cut ? <small>{` (${t(frame).settingsPage.urlCut})`}</small> : null}
    </>
  );
}

/** Whether a secret is set, and until when the one a rotation replaced is still valid: never its value. */
function SecretState({ frame, secret, previous }: { frame: Frame; secret: string | null; previous: RetiringSecret | undefined }) {
  const texts = t(frame).settingsPage;
  return <>{`${secret ? texts.secretSet : texts.notSet}${previous ? texts.previousUntil(time(previous.validUntil)) : ''}`}</>;
}

/** Codes as tags, or `none` for an empty list. */
const codes = (list: readonly string[], none: string): ComponentChildren => (list.length === 0 ? none : list.map((c) => <code class="tag">{c}</code>));

function Facts({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl class="facts">
      {facts.map(([label, value]) => (
        <>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </>
      ))}
    </dl>
  );
}

export function settingsPage(frame: Frame, project: Project, endpoints: readonly WebhookEndpoint[]) {
  const texts = t(frame);
  const s = texts.settingsPage;
  const p = project;
  // The widget's own rule (payment-pages' widgetFraming): `*` counts only in the test environment.
  const origins = (p.widgetOrigins ?? (frame.mode === 'test' ? ['*'] : [])).filter((o) => o !== '*' || frame.mode === 'test');
  const projectFacts: Fact[] = [
    [s.projectId, <code>{String(p.id)}</code>],
    [texts.state, p.active ? s.states.active : s.states.inactive],
    // The card is always offered; the project's codes add the others (offeredMethods: what the pages offer).
    [s.paymentMethods, codes(['card', ...offeredMethods(p.paymentMethods)], '—')],
    [s.clientIp, p.clientIpRequired ? s.clientIpRequired : s.clientIpOptional],
    [s.ipWhitelist, codes(p.ipWhitelist, s.anyAddress)],
    [s.signature, s.signatureFrom(p.minSignatureVersion ?? 3)],
    [s.defaultPrice, p.defaultPrice ? moneyText(p.defaultPrice) : '—'],
    [s.returnUrl, <Url frame={frame} url={p.returnUrl} />],
    [s.widgetOrigins, codes(origins, s.noSite)],
  ];
  const webhookFacts: Fact[] = [
    [s.webhookUrl, <Url frame={frame} url={p.webhookUrl} />],
    [s.webhookFormat, <code>{p.webhookFormat ?? 'v3'}</code>],
    [s.webhookSecret, <SecretState frame={frame} secret={p.webhookSecret} previous={p.previousWebhookSecret} />],
  ];
  const subscriptionFacts: Fact[] = [
    [s.subscriptionUrl, <Url frame={frame} url={p.subscriptionNotificationUrl} />],
    [s.subscriptionSecret, <SecretState frame={frame} secret={p.subscriptionSecret} previous={p.previousSubscriptionSecret} />],
    [s.subscriptionSignature, <code>{p.subscriptionSignature ?? 'v1'}</code>],
  ];
  return render(
    frame,
    `${texts.projectSettings} · ${texts.project} ${p.id}`,
    <>
      <Facts facts={projectFacts} />
      <h2>{s.webhooks}</h2>
      <Facts facts={webhookFacts} />
      <h2>{texts.subscriptions}</h2>
      <Facts facts={subscriptionFacts} />
      <h2>{texts.endpoints}</h2>
      {endpoints.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <div class="scroll">
          <table>
            <thead>
              <tr>
                <th>{texts.url}</th>
                <th>{texts.status}</th>
                <th>{texts.failingSince}</th>
              </tr>
            </thead>
            <tbody>
              {endpoints.map((e) => (
                <tr>
                  <td>
                    <a href={withLang(endpointPath(p.id, e.id), frame.lang)}>{urlShown(e.url).text}</a>
                  </td>
                  <td>
                    <Status word={e.state} />
                  </td>
                  <td>{e.failingSince ? time(e.failingSince) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <a href={withLang(projectPath(p.id, '/webhook-endpoints'), frame.lang)}>{s.manageEndpoints}</a>
      </p>
      <h2>{s.rotating}</h2>
      <p>{s.rotatingOperator}</p>
      <ul>
        <li>
          <code>{`POST /admin/v1/projects/${p.id}/secrets/webhook/rotate`}</code>, <code>{`POST /admin/v1/projects/${p.id}/secrets/subscription/rotate`}</code>
        </li>
        <li>
          <code>{`npx kassa secrets rotate webhook ${p.id} --generate --previous-valid-until 24h`}</code>
        </li>
        <li>
          <code>{`npx kassa secrets rotate password ${p.partnerLogin} --new-file <file> --previous-valid-until 24h`}</code>
        </li>
      </ul>
      <p>{s.rotatingEndpoint}</p>
      <ul>
        <li>
          <code>{`POST /api/v3/projects/${p.id}/webhook_endpoints/{endpoint id}/rotate_secret`}</code>
        </li>
      </ul>
    </>,
  );
}
