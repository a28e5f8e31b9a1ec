import type { Project, WebhookDelivery } from '@kassa-payments/domain';
import { EVENT_TYPE_NAMES } from '@kassa-payments/http-kit';
import { ActionForm, type Frame, LiveSection, projectPath, render, t, time } from './dashboard-frame.js';
import { Choice, DateRange, FilterForm } from './list-page.js';

/** A delivery of an event to a webhook URL: its attempts, and a button to send it again. */
export function DeliveryBlock({ frame, delivery }: { frame: Frame; delivery: WebhookDelivery }) {
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
