import { maskMsisdn, type Customer, type DomainEvent, type WebhookDelivery } from '@kassa-payments/domain';
import { EVENT_TYPE_NAMES } from '@kassa-payments/http-kit';
import type { ComponentChildren } from 'preact';
import { type Frame, t, time } from './dashboard-frame.js';
import { DeliveryBlock } from './delivery-views.js';
import { payloadText } from './event-views.js';

// What a record's page shares (an invoice's, a contract's, a subscription's): its facts and the
// timeline of its events with their deliveries.

export const customerText = (c: Customer) => (c.type === 'mobile_phone' ? maskMsisdn(c.msisdn) : `${c.source}:${c.merchantCustomerId}`);

export type Timeline = readonly { readonly event: DomainEvent; readonly deliveries: readonly WebhookDelivery[] }[];
export type Fact = readonly [string, ComponentChildren];

/** A record's facts (with the request ids its events name, and its test clock if any). */
export function Facts({ frame, facts, timeline, testClockId }: { frame: Frame; facts: readonly Fact[]; timeline: Timeline; testClockId?: string | undefined }) {
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
export function TimelineSection({ frame, timeline }: { frame: Frame; timeline: Timeline }) {
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
