import type { Attributes, AttributeValue, Link } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter, TimedEvent } from '@opentelemetry/sdk-trace-base';
import { maskCardNumbers } from '@kassa/operations';

/**
 * Attribute names whose values are dropped whatever they hold: credentials and headers (no
 * instrumentation here records headers, and none may start to), query strings (a merchant's
 * webhook URL or a page's link may carry a token or an msisdn), whole statements.
 */
const DROPPED = /(^|[._-])(password|passwd|secret|token|signature|authorization|cookie|pin|pin_code|msisdn|phone|card|pan|header|query|statement)([._-]|$)/i;

/** Attributes that hold a URL or a request target: kept without their query string and user info. */
const URLS = new Set(['http.url', 'http.target', 'url.full', 'url.path', 'url.original']);

/**
 * A run of 10 or more digits (an msisdn, with or without its `+`, or a card number that is not
 * Luhn-valid) keeps its last four: a path such as /v1/subscribers/79161234567 is never exported whole.
 */
const LONG_NUMBERS = /\+?\d{6,}(\d{4})/g;

/** The value with the URL's query and user info removed, card numbers and long numbers masked. */
export function scrubValue(key: string, value: string): string {
  let text = value;
  if (URLS.has(key)) {
    const query = text.indexOf('?');
    if (query >= 0) text = text.slice(0, query);
    text = text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1');
  }
  return maskCardNumbers(text).replace(LONG_NUMBERS, '…$1');
}

const scrubOne = (key: string, value: AttributeValue | undefined): AttributeValue | undefined => {
  if (typeof value === 'string') return scrubValue(key, value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? scrubValue(key, v) : v)) as AttributeValue;
  return value;
};

/** `attributes` without the dropped names, every string masked. */
export function scrubAttributes(attributes: Attributes): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (DROPPED.test(key)) continue;
    out[key] = scrubOne(key, value);
  }
  return out;
}

/**
 * The span as exported: its name, its attributes, its events' attributes (an exception's
 * message), its status message and its links' attributes scrubbed. The status message is an
 * error's text as an instrumentation saw it: MongoDB's duplicate-key error quotes the key's value
 * (a contract's `msisdn:79161234567`), ioredis's quotes the command's.
 */
function scrubbed(span: ReadableSpan): ReadableSpan {
  const events: TimedEvent[] = span.events.map((e) => (e.attributes ? { ...e, attributes: scrubAttributes(e.attributes) } : e));
  const links: Link[] = span.links.map((l) => (l.attributes ? { ...l, attributes: scrubAttributes(l.attributes) } : l));
  const status = span.status.message === undefined ? span.status : { ...span.status, message: scrubValue('', span.status.message) };
  // The span's other fields and methods (spanContext()) are read through the prototype.
  return Object.create(span, {
    name: { value: scrubValue('', span.name) },
    attributes: { value: scrubAttributes(span.attributes) },
    events: { value: events },
    links: { value: links },
    status: { value: status },
  }) as ReadableSpan;
}

/**
 * The OTLP exporter behind a last line of defence: no secret, PIN, card number or full msisdn
 * leaves in an attribute, whatever an instrumentation (or an extension's own span) recorded. It
 * runs in the batch's export, off the request's path.
 */
export class ScrubbingExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.inner.export(spans.map(scrubbed), resultCallback);
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}
