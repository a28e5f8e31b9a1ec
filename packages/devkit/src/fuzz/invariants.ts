import type { FuzzCase } from './requests.js';
import type { RawAnswer } from './raw-http.js';
import { routed, SUBS_XSD_PATH, XSD_PATH, type FuzzTarget } from './targets.js';
import { PRIVATE_CALLBACK_URLS } from './bodies.js';
import { UNAUTHENTIC } from './xml-bodies.js';
import { ADMIN_URL_TOKEN } from './admin-bodies.js';

/** A V8 stack frame ("at fn (file:///x.js:1:2)", "at file:///x.js:1:2") or a module path in an answer gives the server away. */
const STACK = /\bat [\w.<>$[\] ]+ \(\S+:\d+:\d+\)|\bat (?:file|node):\S+:\d+:\d+|node_modules\/|\/packages\/[a-z-]+\/(?:src|dist)\//;

/** How each XML service's Response begins. */
const RESPONSE_STARTS = {
  ResultCode: /^<\?xml [^>]*\?><Response><ResultCode>\d+<\/ResultCode>/,
  StatusID: /^<\?xml [^>]*\?><Response><StatusID>\d+<\/StatusID>/,
} as const;

/** Whether the case's JSON body names a callback_url into a private network (each must be refused). */
function privateCallback(c: FuzzCase): boolean {
  const content = c.body?.content;
  if (typeof content !== 'string' || !content.includes('callback_url')) return false;
  try {
    const url = (JSON.parse(content) as { test_info?: { callback_url?: unknown } }).test_info?.callback_url;
    return typeof url === 'string' && (PRIVATE_CALLBACK_URLS as readonly string[]).includes(url);
  } catch {
    return false;
  }
}

/**
 * The addresses of a dashboard page (links, forms, live sections) that a browser on the dashboard
 * would follow off it: to another host, or off /dashboard/. Written apart from the dashboard's own rule.
 */
export function linksOffDashboard(html: string): string[] {
  const page = 'https://kassa.fuzz/dashboard/projects/1/events';
  return [...html.matchAll(/\s(?:href|action|src|data-live)="([^"]*)"/g)]
    .map((m) => (m[1] ?? '').replaceAll('&amp;', '&'))
    .filter((address) => {
      const url = URL.parse(address, page);
      return url === null || url.origin !== 'https://kassa.fuzz' || !url.pathname.startsWith('/dashboard/');
    });
}

/** What is wrong with the answer to a case; empty when it holds every invariant. */
export function answerProblems(target: FuzzTarget, c: FuzzCase, answer: RawAnswer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (STACK.test(answer.body)) problems.push('a stack trace or source path in the answer');
  // Any dashboard page, whatever path the request named (`/dashboard//evil.example/x`), links only to the dashboard.
  if (target.host === 'api' && target.errorShape(c.request.path, answer.status) === 'html' && (answer.headers['content-type'] ?? '').startsWith('text/html')) {
    const away = linksOffDashboard(answer.body);
    if (away.length > 0) problems.push(`a dashboard page links off the dashboard: ${away[0]?.slice(0, 120)}`);
  }
  if (target.errorShape(c.request.path, answer.status) === 'xml') {
    // Every answer of the XML service, success or not, is a Response document with a ResultCode.
    if (c.request.method === 'HEAD') return problems;
    const isSchema = routed(c.request.path) === routed(target.host === 'subs' ? SUBS_XSD_PATH : XSD_PATH);
    // The XSDs themselves are the one answer that is not a Response.
    if (answer.status === 200 && isSchema) return answer.body.includes('<xs:schema ') ? problems : [...problems, 'the XSD path answered 200 without a schema'];
    // The XSD path answers application/xml (its refusals too); the services text/xml.
    const type = isSchema ? 'application/xml' : 'text/xml';
    if (!(answer.headers['content-type'] ?? '').startsWith(type)) problems.push(`an XML service answer that is not ${type} (${answer.status}, ${answer.headers['content-type'] ?? 'no content type'})`);
    // The XML 2.9 service answers a ResultCode; the subscriptions host a StatusID, on every path.
    const code = target.host === 'subs' ? 'StatusID' : 'ResultCode';
    if (!RESPONSE_STARTS[code].test(answer.body)) problems.push(`an XML service answer without a ${code}: ${answer.body.slice(0, 200)}`);
    // A replayed header or a wrong signature is never carried out.
    if (c.body?.kind.endsWith(UNAUTHENTIC) && answer.body.includes(`<${code}>0</${code}>`)) problems.push('a replayed or wrongly signed document was carried out');
    return problems;
  }
  // An invoice created with a callback into a private network (the fuzzer's process refuses private networks).
  if (answer.status === 201 && c.request.method === 'POST' && routed(c.request.path).endsWith('/invoices') && privateCallback(c)) problems.push('a callback into a private network was accepted');
  if (answer.status < 400 || c.request.method === 'HEAD') return problems;
  const type = answer.headers['content-type'] ?? '';
  if (target.errorShape(c.request.path, answer.status) === 'html') {
    if (!type.startsWith('text/html')) problems.push(`an error page that is not HTML (${type})`);
    return problems;
  }
  if (!type.startsWith('application/json')) return [...problems, `an error that is not JSON (${answer.status}, ${type || 'no content type'})`];
  try {
    const body = JSON.parse(answer.body) as { success?: unknown; error?: { code?: unknown; message?: unknown } };
    if (body.success !== false || typeof body.error?.code !== 'string' || typeof body.error.message !== 'string') problems.push(`an error outside the envelope: ${answer.body.slice(0, 200)}`);
  } catch {
    problems.push(`an error body that is not JSON: ${answer.body.slice(0, 200)}`);
  }
  return problems;
}

/** Written apart from the masking's own list, and wider: any key around a card code, or ending in pin. */
const SECURITY_CODE_KEY = /cvv|cvc|ccv|security_?code|(^|_)pin(_?code)?$/i;

/**
 * What no log line may hold: the card numbers and signatures the fuzzer sent, a security code that
 * is not redacted, the partner's password; and every JSON line must be one object of at most 8 KB.
 * `lines` is everything the process wrote, stdout and stderr: any line is searched for secrets.
 * Looked up by the digit runs and hex runs of each line, so a long run stays linear.
 */
export function logProblems(
  lines: readonly string[],
  cardNumbers: ReadonlySet<string>,
  signatures: ReadonlySet<string>,
  password: string,
  tokens: ReadonlySet<string> = new Set(),
  secrets: ReadonlySet<string> = new Set(),
): string[] {
  const problems: string[] = [];
  // A widget token's signature part (the last of the JWT's three), looked up by the JWT-shaped runs of a line.
  const tokenSignatures = new Set([...tokens].map((t) => t.split('.')[2]).filter((s): s is string => !!s && s.length >= 20));
  for (const line of lines) {
    if (line.includes(password)) problems.push('the partner password in a log line');
    if (line.includes(ADMIN_URL_TOKEN)) problems.push("a URL's query or fragment (an admin body's) in a log line");
    for (const run of line.match(/[A-Za-z0-9_-]{40,}/g) ?? []) if (tokenSignatures.has(run)) problems.push('a widget token in a log line');
    for (const run of line.match(/whsec_[A-Za-z0-9+/]{20,}=*/g) ?? []) if (secrets.has(run)) problems.push('a webhook endpoint secret in a log line');
    for (const run of line.replace(/(\d)[ -](?=\d)/g, '$1').match(/\d{13,}/g) ?? []) {
      const pan = cardNumberIn(run, cardNumbers);
      if (pan) problems.push(`card number ${pan.slice(0, 4)}… in a log line`);
    }
    for (const hex of line.match(/[0-9a-f]{64}/g) ?? []) if (signatures.has(hex)) problems.push('a signature in a log line');
    if (!line.startsWith('{')) continue; // the start banner, or stderr (which the caller expects empty)
    if (line.length > 8_192) problems.push(`a log line of ${line.length} characters`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      problems.push(`a log line that is not JSON: ${line.slice(0, 120)}`);
      continue;
    }
    visit(parsed, (key, value) => {
      if (SECURITY_CODE_KEY.test(key) && value !== '[redacted]') problems.push(`security code under "${key}" not redacted`);
    });
  }
  return problems;
}

/** A card number of `known` that stands anywhere in a run of digits. */
function cardNumberIn(run: string, known: ReadonlySet<string>): string | undefined {
  for (let length = 13; length <= 19; length += 1) {
    for (let at = 0; at + length <= run.length; at += 1) {
      const candidate = run.slice(at, at + length);
      if (known.has(candidate)) return candidate;
    }
  }
  return undefined;
}

function visit(value: unknown, onEntry: (key: string, value: unknown) => void, depth = 0): void {
  if (value === null || typeof value !== 'object' || depth > 64) return;
  for (const [key, v] of Object.entries(value)) {
    onEntry(key, v);
    visit(v, onEntry, depth + 1);
  }
}
