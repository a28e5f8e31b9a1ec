import { CliError, EXIT } from './cli-error.js';
import { inClear } from './plain-http.js';

/**
 * A merchant command's Kassa URL (KASSA_API_URL or --api, KASSA_SUBS_URL), if its signed requests
 * may go there: https, or plain http to this machine, or plain http anywhere when the command was
 * given --allow-plain-http (a test Kassa on another machine of a private network, said so each
 * time). A usage mistake otherwise, refused before any request.
 */
export function merchantUrl(text: string, variable: string, allowPlainHttp: boolean): string {
  const url = URL.parse(text);
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new CliError(`${variable} ${text.slice(0, 80)} is not an https URL (or http to a loopback address)`, EXIT.usage);
  if (inClear(url) && !allowPlainHttp) {
    throw new CliError(
      `${variable} ${url.origin} is plain http to another machine: the signed requests (login, signature) would cross the network in the clear, where a signature is read and replayed; use https, or http to a loopback address (127.0.0.1, ::1, localhost), or give --allow-plain-http to send them anyway`,
      EXIT.usage,
    );
  }
  return text;
}
