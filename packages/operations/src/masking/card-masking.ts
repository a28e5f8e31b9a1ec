import { cardLast4, luhnValid } from '@kassa-payments/domain';

/** A card number as it may appear anywhere: all digits but the last four hidden. */
export function maskPan(pan: string): string {
  return '*'.repeat(Math.max(0, pan.length - 4)) + cardLast4(pan);
}

/** An email address with its local part hidden but for the first character ("a***@shop.example"). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}

/** An IP address with its host part hidden: two octets of an IPv4 address, two groups of an IPv6 one. */
export function maskIp(ip: string): string {
  if (ip.includes(':')) return `${ip.split(':').slice(0, 2).join(':')}:*`;
  const octets = ip.split('.');
  return octets.length === 4 ? `${octets[0]}.${octets[1]}.*.*` : '***';
}

const PAN_MIN = 13;
const PAN_MAX = 19;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isSeparator = (c: number) => c === 32 || c === 45; // space, dash
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const isHexOrDash = (c: number) => isDigit(c) || c === 45 || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

/**
 * Whether text[from, to) lies inside a UUID that holds a hex letter: its digit groups can pass for a
 * card number (an invoice id once did), while a UUID's shape made of digits only could still be a
 * card number in odd groups. Read around the run only, and only for a run that looks like a card.
 */
function insideUuid(text: string, from: number, to: number): boolean {
  let start = from;
  while (start > 0 && from - start < 36 && isHexOrDash(text.charCodeAt(start - 1))) start -= 1;
  let end = to;
  while (end < text.length && end - to < 36 && isHexOrDash(text.charCodeAt(end))) end += 1;
  for (const m of text.slice(start, end).matchAll(UUID)) {
    if (start + m.index <= from && start + m.index + m[0].length >= to && /[a-f]/i.test(m[0])) return true;
  }
  return false;
}

/**
 * Where to look for card numbers: all of a plain text, or only inside the strings of a JSON text
 * (a log line: its numbers, such as an epoch `time`, are not card numbers, and masking one would
 * break the line).
 */
export type CardNumberScope = 'text' | 'json-strings';

/**
 * Hides every card number in a text: a run of 13 to 19 digits, written together or in groups
 * separated by single spaces or dashes, that passes the Luhn check keeps only its last four digits
 * ("4111 1111 1111 1111" -> "************1111"). In a longer run of groups (a card number followed
 * by its security code, say) each longest window of whole groups that is a card number is masked.
 * Returns the text itself when it holds none.
 */
export function maskCardNumbers(text: string, scope: CardNumberScope = 'text'): string {
  if (!mayHoldCardNumber(text, scope)) return text;
  let out = '';
  let copied = 0;
  let inString = scope === 'text';
  const n = text.length;
  for (let i = 0; i < n; ) {
    const c = text.charCodeAt(i);
    if (scope === 'json-strings') {
      if (c === 34) {
        inString = !inString;
        i += 1;
        continue;
      }
      if (inString && c === 92) {
        i += 2; // an escape: \" does not end the string
        continue;
      }
    }
    if (!inString || !isDigit(c)) {
      i += 1;
      continue;
    }
    // A run: groups of digits joined by single separators.
    const groups: [number, number][] = [];
    let start = i;
    while (i < n) {
      while (i < n && isDigit(text.charCodeAt(i))) i += 1;
      groups.push([start, i]);
      if (i + 1 < n && isSeparator(text.charCodeAt(i)) && isDigit(text.charCodeAt(i + 1))) start = i += 1;
      else break;
    }
    for (const [from, to] of cardNumberWindows(text, groups)) {
      if (insideUuid(text, from, to)) continue;
      out += text.slice(copied, from) + maskPan(digitsOf(text, from, to));
      copied = to;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * 13 digits in a row, or joined by single spaces or dashes: every card number the walk below finds
 * holds such a run, so a text without one is let through after one native regular expression instead
 * of a walk of its characters (most log lines and values: the walk cost the request log 2-3% of the
 * process's CPU).
 */
const CANDIDATE = /\d(?:[ -]?\d){12}/g;

/** Whether `text` may hold a card number where `scope` looks: a candidate run, inside a JSON string for 'json-strings' (a line's epoch `time` is not one). */
function mayHoldCardNumber(text: string, scope: CardNumberScope): boolean {
  CANDIDATE.lastIndex = 0;
  if (scope === 'text') return CANDIDATE.test(text);
  let inString = false;
  let i = 0;
  for (let m = CANDIDATE.exec(text); m !== null; m = CANDIDATE.exec(text)) {
    for (; i < m.index; i += 1) {
      const c = text.charCodeAt(i);
      if (inString && c === 92) i += 1;
      else if (c === 34) inString = !inString;
    }
    if (inString) return true;
  }
  return false;
}

const digitsOf = (text: string, from: number, to: number) => text.slice(from, to).replace(/[ -]/g, '');

/** The card numbers in a run of digit groups: the whole run, or else the longest windows of whole groups. */
function cardNumberWindows(text: string, groups: readonly [number, number][]): [number, number][] {
  const found: [number, number][] = [];
  for (let first = 0; first < groups.length; first += 1) {
    let window: [number, number] | undefined;
    let count = 0;
    for (let last = first; last < groups.length; last += 1) {
      const [from, to] = groups[last] as [number, number];
      count += to - from;
      if (count > PAN_MAX) break;
      const start = (groups[first] as [number, number])[0];
      if (count >= PAN_MIN && luhnValid(digitsOf(text, start, to))) window = [start, to];
    }
    if (window) {
      found.push(window);
      while (first + 1 < groups.length && (groups[first + 1] as [number, number])[0] < window[1]) first += 1;
    }
  }
  return found;
}
