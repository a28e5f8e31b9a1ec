import type { Attributes, AttributeValue, Link } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter, TimedEvent } from '@opentelemetry/sdk-trace-base';
import { maskUrlsIn } from '@kassa-payments/domain';
import { maskCardNumbers } from '@kassa-payments/operations';

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

/**
 * Ids Kassa makes itself, on the attributes Kassa's own spans set: a job's aggregate (an invoice's,
 * a contract's, a subscription's, a delivery's id) and a webhook's id. They are never a customer's
 * number, and a trace is searched by them, so they are exported whole, however many digits a UUID's
 * groups happen to hold: only these names, and only a value of the shape Kassa makes (a UUID, with a
 * delivery's `-<channel>` after it: webhook, subscription, test-callback or endpoint-<uuid>). Any other name, an extension's `…_id` among them, and an id a
 * caller chose (`merchant_order_id`, a request id, an idempotency key) is masked as any other text.
 */
const KNOWN_ID_KEYS = new Set(['kassa.aggregate_id', 'webhook.id']);
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** An event's or aggregate's id (a UUID), or a delivery's: the event's id and its channel (domain deliveryId; an endpoint's channel holds its UUID). */
const KASSA_ID = new RegExp(`^${UUID}(-(webhook|subscription|test-callback|endpoint-${UUID}))?$`, 'i');
const keptWhole = (key: string, value: string): boolean => KNOWN_ID_KEYS.has(key) && KASSA_ID.test(value);

/** What becomes of an attribute by its name, remembered: spans repeat the same few names. */
const KEY_RULES = new Map<string, 'drop' | 'scrub'>();
function ruleOf(key: string): 'drop' | 'scrub' {
  let rule = KEY_RULES.get(key);
  if (rule === undefined) {
    rule = DROPPED.test(key) ? 'drop' : 'scrub';
    // Names are bounded by the instrumentations and Kassa's code; an extension's odd ones are not kept beyond a bound.
    if (KEY_RULES.size < 1000) KEY_RULES.set(key, rule);
  }
  return rule;
}

/**
 * Whether `text` holds a run either mask looks for: 10 digits in a row (LONG_NUMBERS), or 13 digits
 * joined by single spaces or dashes (a card number, maskCardNumbers). Most values (a method, an
 * address, a route, a path of UUIDs and small numbers) hold none, and skip both masks.
 */
function holdsLongRun(text: string): boolean {
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (++digits >= 10) return true;
    } else if (!((c === 32 || c === 45) && digits > 0 && i + 1 < text.length && text.charCodeAt(i + 1) >= 48 && text.charCodeAt(i + 1) <= 57)) digits = 0;
  }
  return false;
}

/** The value with the URL's query and user info removed, card numbers and long numbers masked (a known id's value as it is). */
export function scrubValue(key: string, value: string): string {
  if (keptWhole(key, value)) return value;
  let text = value;
  if (URLS.has(key)) {
    const query = text.indexOf('?');
    if (query >= 0) text = text.slice(0, query);
    // Up to the last @ before the path: a password may hold an @ of its own.
    if (text.includes('@')) text = text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/]*@/i, '$1');
  } else {
    // A URL quoted in any other text (an error's message, a status): its user, password and query values masked.
    text = maskUrlsIn(text);
  }
  if (!holdsLongRun(text)) return text;
  return maskCardNumbers(text).replace(LONG_NUMBERS, '…$1');
}

const scrubOne = (key: string, value: AttributeValue | undefined): AttributeValue | undefined => {
  if (typeof value === 'string') return scrubValue(key, value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? scrubValue(key, v) : v)) as AttributeValue;
  return value;
};

/** `attributes` without the dropped names, every string masked: the same object when none of that changed anything (most spans). */
export function scrubAttributes(attributes: Attributes): Attributes {
  let out: Attributes | undefined;
  const keys = Object.keys(attributes);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const value = attributes[key];
    const rule = ruleOf(key);
    const dropped = rule === 'drop';
    const scrubbed = dropped ? value : scrubOne(key, value);
    // An array is a new one whatever it holds: compared by its items.
    const same = !dropped && (scrubbed === value || (Array.isArray(value) && Array.isArray(scrubbed) && scrubbed.every((v, j) => v === value[j])));
    if (same && out === undefined) continue;
    if (out === undefined) {
      out = {};
      for (let j = 0; j < i; j++) out[keys[j] as string] = attributes[keys[j] as string];
    }
    if (!dropped) out[key] = scrubbed;
  }
  return out ?? attributes;
}

/**
 * The span as exported: its name, its attributes, its events' attributes (an exception's
 * message), its status message and its links' attributes scrubbed. The status message is an
 * error's text as an instrumentation saw it: MongoDB's duplicate-key error quotes the key's value
 * (a contract's `msisdn:79161234567`), ioredis's quotes the command's. A span with nothing to
 * scrub (a request's server span, most often) is passed on as it is, not copied.
 */
function scrubbed(span: ReadableSpan): ReadableSpan {
  const name = scrubValue('', span.name);
  const attributes = scrubAttributes(span.attributes);
  let changed = name !== span.name || attributes !== span.attributes;
  const events: TimedEvent[] = span.events.length === 0 ? span.events : span.events.map((e) => (e.attributes ? { ...e, attributes: scrubAttributes(e.attributes) } : e));
  const links: Link[] = span.links.length === 0 ? span.links : span.links.map((l) => (l.attributes ? { ...l, attributes: scrubAttributes(l.attributes) } : l));
  changed ||= events !== span.events || links !== span.links;
  const status = span.status.message === undefined ? span.status : { ...span.status, message: scrubValue('', span.status.message) };
  changed ||= status !== span.status;
  if (!changed) return span;
  // The span's other fields and methods (spanContext()) are read through the prototype.
  return Object.create(span, {
    name: { value: name },
    attributes: { value: attributes },
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
