import type { PaymentTotals, Project } from '@kassa-payments/domain';
import { moneyText } from '@kassa-payments/http-kit';
import { INVOICE_STATUS_BY_STATE, paymentStatusName } from '@kassa-payments/protocol';
import { type Frame, projectPath, render, t, withLang } from './dashboard-frame.js';
import { PERIOD_NAMES, type Period } from './overview-period.js';
import { Status } from './status-words.js';

// The overview of a project over a chosen period: the money its invoices took and gave back, by
// currency, and the activity (invoices, refunds, deliveries), each linked to its list.

/** What happened in the period, counted from at most OVERVIEW_CAP records of each list (`capped`: a count that may be more). */
export interface Activity {
  readonly created: number;
  readonly succeeded: number;
  readonly failing: number;
  readonly dead: number;
  readonly capped: { readonly invoices: boolean; readonly deliveries: boolean };
}

/** The period's links: this page over another period, in its language (no script, no form). */
function PeriodChoice({ frame, period }: { frame: Frame; period: Period }) {
  const texts = t(frame);
  const p = frame.project as Project;
  return (
    <nav class="periods" aria-label={texts.period}>
      <span>{texts.period}:</span>
      {PERIOD_NAMES.map((name) => (
        <a href={withLang(projectPath(p.id, `?period=${name}`), frame.lang)} aria-current={name === period ? 'page' : undefined}>
          {texts.periods[name]}
        </a>
      ))}
    </nav>
  );
}

/** The sums by currency: a row each (its amounts name it), every column headed with a word. */
function MoneyTable({ frame, totals }: { frame: Frame; totals: PaymentTotals }) {
  const texts = t(frame);
  if (totals.byCurrency.length === 0) return <p>{texts.noMoney}</p>;
  // A bounded read that stopped at its limit: each figure is at least what it says.
  const atLeast = totals.partial ? '≥ ' : '';
  return (
    <div class="scroll">
      <table class="money">
        <thead>
          <tr>
            <th>{texts.paid}</th>
            <th>{texts.payments}</th>
            <th>{texts.refunded}</th>
            <th>{texts.refunds}</th>
          </tr>
        </thead>
        <tbody>
          {totals.byCurrency.map((c) => (
            <tr>
              <td class="amount">{`${atLeast}${moneyText({ minor: c.paid.minor, currency: c.currency })}`}</td>
              <td>{`${atLeast}${c.paid.count}`}</td>
              <td class="amount">{`${atLeast}${moneyText({ minor: c.refunded.minor, currency: c.currency })}`}</td>
              <td>{`${atLeast}${c.refunded.count}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function overviewPage(frame: Frame, period: Period, totals: PaymentTotals, activity: Activity, notice?: string) {
  const texts = t(frame);
  const p = frame.project as Project;
  const count = (n: number, more: boolean) => (more ? `${n}+` : String(n));
  const counted = (kind: 'paid' | 'refunded') => totals.byCurrency.reduce((n, c) => n + c[kind].count, 0);
  const more = totals.partial;
  // Each tile: its count, the status word its list filters by (the word the list and the record's page show), what it means.
  const tiles: [string, string | undefined, string, string][] = [
    [count(activity.created, activity.capped.invoices), undefined, texts.invoicesCreated, '/invoices'],
    [count(counted('paid'), more), INVOICE_STATUS_BY_STATE.processed, paymentStatusName(true), `/invoices?state=${INVOICE_STATUS_BY_STATE.processed}`],
    [count(counted('refunded'), more), undefined, texts.refundsCompleted, '/events?type=refund.completed'],
    [count(activity.succeeded, activity.capped.deliveries), 'succeeded', texts.succeeded, '/deliveries?status=succeeded'],
    [count(activity.failing, activity.capped.deliveries), 'pending', texts.failing, '/deliveries?status=pending'],
    [count(activity.dead, activity.capped.deliveries), 'dead', texts.dead, '/deliveries?status=dead'],
  ];
  return render(
    frame,
    `${texts.overview} · ${texts.project} ${p.id}`,
    <>
      {notice ? (
        <p class="notice" role="status">
          {notice}
        </p>
      ) : null}
      <PeriodChoice frame={frame} period={period} />
      <section>
        <h2>{`${texts.money}: ${texts.periods[period]}`}</h2>
        <p class="hint">{texts.moneyHint}</p>
        <MoneyTable frame={frame} totals={totals} />
        {totals.partial ? <p class="hint">{texts.partialSums}</p> : null}
      </section>
      <section>
        <h2>{`${texts.activity}: ${texts.periods[period]}`}</h2>
        <ul class="tiles">
          {tiles.map(([n, word, label, href]) => (
            <li>
              <a href={withLang(projectPath(p.id, href), frame.lang)}>
                <strong>{n}</strong> {word ? <Status word={word} /> : null} <span>{label}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>,
  );
}
