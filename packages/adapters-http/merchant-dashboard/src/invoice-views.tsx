import { INVOICE_STATUS_BY_STATE, paymentStatusName } from '@kassa-payments/protocol';
import { moneyText } from '@kassa-payments/http-kit';
import { INVOICE_STATES, invoiceIsPaid, type Invoice, type Project } from '@kassa-payments/domain';
import { ActionForm, type Frame, projectPath, render, t, time, withLang } from './dashboard-frame.js';
import { DateRange, ListPage, StateSelect } from './list-page.js';
import { customerText, type Fact, Facts, type Timeline, TimelineSection } from './record-page.js';
import { invoiceStatus, Status, statusWords } from './status-words.js';

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
