import { SUBSCRIPTION_STATUS_BY_STATE } from '@kassa-payments/protocol';
import { moneyText } from '@kassa-payments/http-kit';
import { maskMsisdn, SUBSCRIPTION_STATES, type Project, type Subscription } from '@kassa-payments/domain';
import { type Frame, projectPath, render, t, time, withLang } from './dashboard-frame.js';
import { DateRange, ListPage, StateSelect } from './list-page.js';
import { type Fact, Facts, type Timeline, TimelineSection } from './record-page.js';
import { Status, statusWords, subscriptionStatus } from './status-words.js';

const subscriberText = (s: Subscription) => (s.subscriberMsisdn ? maskMsisdn(s.subscriberMsisdn) : (s.subscriberId ?? '—'));

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
