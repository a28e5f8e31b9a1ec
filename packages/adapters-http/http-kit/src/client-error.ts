import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { domainError, type KassaMode } from '@kassa-payments/domain';
import { errorBody, sendJson } from './envelope.js';
import { endpointOf, type DocumentRefusal } from './raw-endpoint.js';
import type { DocumentHost } from './error-handler.js';
import type { HttpObserver } from './http-observer.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';

/** What Node's HTTP parser reports, by its error code, as status and words for the client. */
function answerFor(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'The request headers are too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'The request was not received in time' };
  return { status: 400, message: 'The request is not valid HTTP' };
}

/**
 * A listener's `clientError` handler: a request Node's parser refused (a malformed request line or
 * header, headers too large, a client too slow to send its request) is answered in the envelope
 * rather than with Node's bare status line, and the connection is closed.
 */
export function clientErrorHandler(mode: KassaMode, documents: readonly DocumentRefusal[] = [], fallback?: DocumentHost, observed: { host: string; observer?: HttpObserver } = { host: 'unknown' }) {
  const { host, observer } = observed;
  return (err: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): void => {
    // A parse error in a body whose request is already being answered: a second answer on the
    // socket would corrupt the first (Node's own handler makes the same check, on the same field).
    const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight) {
      socket.destroy();
      return;
    }
    const { status, message } = answerFor(err.code);
    // A request to a document endpoint (the XML service) is refused in its own format.
    // Its path: from the request being answered (an error in its body), else from the request line.
    const requestLine = err.rawPacket?.subarray(0, 2048).toString('latin1').split('\r\n')[0];
    const inProgress = (socket as { _httpMessage?: { req?: { url?: string } } })._httpMessage?.req?.url;
    const document = endpointOf(documents, inProgress ?? requestLine?.split(' ')[1]) ?? fallback;
    const body = document ? document.refuse(status, message) : JSON.stringify(errorBody(domainError('BAD_REQUEST', message), mode));
    const type = document ? document.contentType : 'application/json; charset=utf-8';
    // The request's own X-Request-Id cannot be trusted from a request Node could not parse: a new one.
    const requestId = randomUUID();
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${type}\r\nX-Request-Id: ${requestId}\r\n` + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    observer?.exchanged({ host, route: 'unparsed', method: 'other', status, seconds: 0 });
  };
}

/**
 * A listener's `checkExpectation` handler: an `Expect` header other than 100-continue is answered
 * 417 in the envelope (Node's own answer has no body).
 */
export function expectationFailedHandler(mode: KassaMode, documents: readonly DocumentRefusal[] = [], fallback?: DocumentHost) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    res.setHeader('Connection', 'close');
    res.setHeader(REQUEST_ID_HEADER, requestIdOf(req.headers[REQUEST_ID_HEADER]));
    const document = endpointOf(documents, req.url) ?? fallback;
    if (document) return void res.writeHead(417, { 'content-type': document.contentType }).end(document.refuse(417, 'Only "Expect: 100-continue" is supported'));
    sendJson(res, 417, errorBody(domainError('BAD_REQUEST', 'Only "Expect: 100-continue" is supported'), mode));
  };
}
