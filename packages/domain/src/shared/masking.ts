/**
 * Masks the middle digits of an msisdn: the first four and the last three stay, the rest become
 * asterisks ("79001234567" -> "7900****567"). Short numbers keep two digits at each end.
 */
export function maskMsisdn(msisdn: string): string {
  const head = msisdn.length >= 10 ? 4 : 2;
  const tail = msisdn.length >= 10 ? 3 : 2;
  if (msisdn.length <= head + tail) return '*'.repeat(msisdn.length);
  return msisdn.slice(0, head) + '*'.repeat(msisdn.length - head - tail) + msisdn.slice(-tail);
}

/** The only part of a card number Kassa keeps. */
export function cardLast4(pan: string): string {
  return pan.slice(-4);
}

/** The Luhn check every payment card number passes (digits only). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i -= 1, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) d = d > 4 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
