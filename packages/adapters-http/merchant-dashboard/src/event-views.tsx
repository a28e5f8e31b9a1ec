import type { DomainEvent, Project } from '@kassa-payments/domain';
import { maskForLog } from '@kassa-payments/operations';
import { EVENT_TYPE_NAMES, eventView } from '@kassa-payments/http-kit';
import { type Frame, LiveSection, projectPath, render, t, time } from './dashboard-frame.js';
import { Choice, FilterForm } from './list-page.js';

/**
 * An event as GET events lists it (its id, which its deliveries carry as `webhook-id`, type, time,
 * request id, and the data its webhook's body carries), masked as the logs are (no msisdn in full).
 */
export const payloadText = (e: DomainEvent) => JSON.stringify(maskForLog(eventView(e)), null, 2);

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
