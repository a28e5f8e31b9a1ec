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

/** A card number as it may appear anywhere: all digits but the last four hidden. */
export function maskPan(pan: string): string {
  return '*'.repeat(Math.max(0, pan.length - 4)) + cardLast4(pan);
}
