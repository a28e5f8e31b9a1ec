import {
  SIGNATURE_ALREADY_USED,
  SIGNATURE_USED_ELSEWHERE,
  canonicalOfUrl,
  requestPayload,
  signRequest,
  signRequestV5,
  timestampOf,
  type BillingCheckRequest,
  type ContractCancelRequest,
  type ContractPinRequest,
  type EventsPage,
  type TestClocksPage,
  type WebhookDeliveriesPage,
  type EventTypeName,
  type SignedOperation,
  type WebhookDeliveryData,
  type TestClockData,
  type CreateTestClockRequest,
  type AdvanceTestClockRequest,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  type RotateWebhookEndpointSecretRequest,
  type WebhookEndpointData,
  type WebhookEndpointWithSecretData,
  type WebhookEndpointsPage,
} from '@kassa-payments/protocol';
import { randomUUID } from 'node:crypto';
import type { ContractData, CreateContractRequest, CreateInvoiceRequest, InvoiceData, KassaError, KassaResponse } from './types.js';

export { signRequest, timestampOf };

export interface KassaClientOptions {
  /** The API host, e.g. http://localhost:8080 (the PCI host for card data). */
  readonly baseUrl: string;
  readonly login: string;
  /** The merchant secret: the HMAC key. Never sent. */
  readonly password: string;
  /**
   * X-Signature-Version; default 5, which covers the whole request (method, path, query, body, time,
   * login, Idempotency-Key). 3 and 4 are the spec's: a project whose minSignatureVersion is 5 refuses them.
   */
  readonly signatureVersion?: 3 | 4 | 5;
  /** The clock used for X-Timestamp (tests move it). */
  readonly now?: () => Date;
  /** How long one request may take before it is aborted (a TimeoutError), in ms; default 30 s. */
  readonly timeoutMs?: number;
  /** The fetch to send with (a proxy's, or a recording one in tests); default the global fetch. */
  readonly fetch?: typeof fetch;
  /**
   * Headers sent with every request, e.g. your own `X-Request-Id` (Kassa answers with it, logs it, and
   * the events the request causes carry it as `request_id`).
   */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Whether every POST carries an Idempotency-Key (a new UUID per call, the same on its retries);
   * default true. A key given in `headers` or a request's own headers is used instead.
   */
  readonly idempotencyKeys?: boolean;
  /**
   * Retries of a call that timed out, could not connect, or got a 5xx or 409 IDEMPOTENCY_KEY_IN_USE:
   * safe, since a POST's retry carries the same Idempotency-Key (a GET changes nothing). Default 2.
   */
  readonly retries?: number;
  /** The wait before the first retry, doubled for each next one; a Retry-After of the answer wins. Default 250 ms. */
  readonly retryDelayMs?: number;
}

/** One raw request, for what the typed methods do not cover (tests of bad input, say). */
export interface RawRequest {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly operation: SignedOperation;
  readonly body?: unknown;
  readonly pathId?: string;
  readonly merchantOrderId?: string;
  /** Headers to add or override (`undefined` removes one). */
  readonly headers?: Record<string, string | undefined>;
  /** Sent as is instead of JSON.stringify(body). */
  readonly rawBody?: string;
  /** The query of a listing operation, as it is in the path (signed in version 4). */
  readonly query?: Readonly<Record<string, string>>;
}

/** A list's page query: `limit` and `cursor` when given. */
const pageQuery = (page: { cursor?: string | undefined; limit?: number | undefined }): Record<string, string> => ({
  ...(page.limit !== undefined ? { limit: String(page.limit) } : {}),
  ...(page.cursor ? { cursor: page.cursor } : {}),
});

const queryString = (query: Readonly<Record<string, string>>) => {
  const q = new URLSearchParams(query).toString();
  return q ? `?${q}` : '';
};

/** How `waitForInvoice` polls: every `intervalMs` (default 1 s) for at most `timeoutMs` (default 60 s). */
export interface WaitOptions {
  readonly intervalMs?: number;
  readonly timeoutMs?: number;
}

/** The refusals a new call answers by signing again: its signature was some other call's first. */
const signedAgain = (reason: unknown): boolean => reason === SIGNATURE_USED_ELSEWHERE || reason === SIGNATURE_ALREADY_USED;

/** A typed client of Kassa's JSON v3 API, signing every request. */
export class KassaClient {
  constructor(private readonly options: KassaClientOptions) {}

  withOptions(overrides: Partial<KassaClientOptions>): KassaClient {
    return new KassaClient({ ...this.options, ...overrides });
  }

  createContract(projectId: number, body: CreateContractRequest): Promise<KassaResponse<ContractData>> {
    return this.send({ method: 'POST', path: `/api/v3/projects/${projectId}/contracts`, operation: 'createContract', body });
  }

  authorizeContract(projectId: number, contractId: string, body: ContractPinRequest) {
    return this.send<{ contract_id: string; status: 'active' }>({
      method: 'POST',
      path: `/api/v3/projects/${projectId}/contracts/${contractId}/authorize`,
      operation: 'authorizeContract',
      body,
      pathId: contractId,
    });
  }

  cancelContract(projectId: number, contractId: string, body: ContractCancelRequest = {}) {
    return this.send<{ contract_id: string; status: 'cancelled' }>({
      method: 'POST',
      path: `/api/v3/projects/${projectId}/contracts/${contractId}/cancel`,
      operation: 'cancelContract',
      body,
      pathId: contractId,
    });
  }

  /** The spec's `{msisdn}` (its number is not signed) or `{customer: {type: 'mobile_phone', msisdn}}` (signed). */
  checkBilling(projectId: number, body: BillingCheckRequest) {
    return this.send<{ supported: boolean; customer: ContractData['customer'] }>({ method: 'POST', path: `/api/v3/projects/${projectId}/billing/check`, operation: 'checkBilling', body });
  }

  createInvoice(projectId: number, body: CreateInvoiceRequest): Promise<KassaResponse<InvoiceData>> {
    return this.send({ method: 'POST', path: `/api/v3/projects/${projectId}/invoices`, operation: 'createInvoice', body });
  }

  authorizeInvoice(projectId: number, invoiceId: string, body: { pin_code: string; client_ip?: string }) {
    return this.send<{ invoice_id: string; status: 'Authorize' }>({
      method: 'POST',
      path: `/api/v3/projects/${projectId}/invoices/${invoiceId}/authorize`,
      operation: 'authorizeInvoice',
      body,
      pathId: invoiceId,
    });
  }

  cancelInvoice(projectId: number, invoiceId: string, body: { client_ip?: string } = {}) {
    return this.send<{ invoice_id: string; status: 'Cancelled' }>({
      method: 'POST',
      path: `/api/v3/projects/${projectId}/invoices/${invoiceId}/cancel`,
      operation: 'cancelInvoice',
      body,
      pathId: invoiceId,
    });
  }

  refundInvoice(projectId: number, invoiceId: string, body: { client_ip?: string } = {}) {
    return this.send<{ invoice_id: string; refund_status: 'processing' | 'completed' }>({
      method: 'POST',
      path: `/api/v3/projects/${projectId}/invoices/${invoiceId}/refund`,
      operation: 'refundInvoice',
      body,
      pathId: invoiceId,
    });
  }

  getInvoice(projectId: number, invoiceId: string): Promise<KassaResponse<InvoiceData>> {
    return this.send({ method: 'GET', path: `/api/v3/projects/${projectId}/invoices/${invoiceId}`, operation: 'getInvoice', pathId: invoiceId });
  }

  findInvoiceByOrderId(projectId: number, merchantOrderId: string): Promise<KassaResponse<InvoiceData>> {
    const path = `/api/v3/projects/${projectId}/invoices?merchant_order_id=${encodeURIComponent(merchantOrderId)}`;
    return this.send({ method: 'GET', path, operation: 'findInvoiceByOrderId', merchantOrderId });
  }

  /** GET events: the project's events, newest first, a page at a time: pass `cursor` from the previous page's `next_cursor`. */
  listEvents(
    projectId: number,
    filter: {
      type?: EventTypeName;
      cursor?: string;
      limit?: number;
      /** @deprecated the name of `cursor` before (the server answers it with Deprecation); pass `cursor`. */
      after?: string;
    } = {},
  ): Promise<KassaResponse<EventsPage>> {
    const query = { ...(filter.type ? { type: filter.type } : {}), ...(filter.after ? { after: filter.after } : {}), ...pageQuery(filter) };
    return this.send({ method: 'GET', path: `/api/v3/projects/${projectId}/events${queryString(query)}`, operation: 'listEvents', query });
  }

  /** GET webhook_deliveries: deliveries with their attempts, newest first, a page at a time. */
  listWebhookDeliveries(
    projectId: number,
    filter: { status?: 'pending' | 'succeeded' | 'dead'; eventId?: string; endpointId?: string; cursor?: string; limit?: number } = {},
  ): Promise<KassaResponse<WebhookDeliveriesPage>> {
    const query = {
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.eventId ? { event_id: filter.eventId } : {}),
      ...(filter.endpointId ? { endpoint_id: filter.endpointId } : {}),
      ...pageQuery(filter),
    };
    return this.send({ method: 'GET', path: `/api/v3/projects/${projectId}/webhook_deliveries${queryString(query)}`, operation: 'listWebhookDeliveries', query });
  }

  /** The test environment only: removes the project's contracts, invoices, subscriptions, events and deliveries (not its settings). */
  resetTestData(projectId: number): Promise<KassaResponse<{ contracts: number; invoices: number; subscriptions: number; events: number; deliveries: number; test_clocks: number }>> {
    return this.send({ method: 'POST', path: `/api/v3/projects/${projectId}/test_data/reset`, operation: 'resetTestData' });
  }

  /** The test environment only: a test clock standing at `frozen_time` (ISO 8601); attach objects with test_info.test_clock_id. */
  createTestClock(projectId: number, body: CreateTestClockRequest): Promise<KassaResponse<TestClockData>> {
    return this.send({ method: 'POST', path: `/api/v3/projects/${projectId}/test_clocks`, operation: 'createTestClock', body });
  }

  getTestClock(projectId: number, testClockId: string): Promise<KassaResponse<TestClockData>> {
    return this.send({ method: 'GET', path: `/api/v3/projects/${projectId}/test_clocks/${encodeURIComponent(testClockId)}`, operation: 'getTestClock', pathId: testClockId });
  }

  listTestClocks(projectId: number, page: { cursor?: string; limit?: number } = {}): Promise<KassaResponse<TestClocksPage>> {
    const query = pageQuery(page);
    return this.send({ method: 'GET', path: `/api/v3/projects/${projectId}/test_clocks${queryString(query)}`, operation: 'listTestClocks', query });
  }

  /**
   * Moves the clock to `frozen_time`: everything due on the way runs in order. With `wait`, the answer
   * comes once the clock is ready (200), or after 25 s still advancing (202: poll getTestClock).
   */
  advanceTestClock(projectId: number, testClockId: string, body: AdvanceTestClockRequest, options: { wait?: boolean } = {}): Promise<KassaResponse<TestClockData>> {
    const path = `/api/v3/projects/${projectId}/test_clocks/${encodeURIComponent(testClockId)}/advance${options.wait ? '?wait=true' : ''}`;
    return this.send({ method: 'POST', path, operation: 'advanceTestClock', pathId: testClockId, body });
  }

  /** Deletes the clock and everything attached to it. */
  deleteTestClock(projectId: number, testClockId: string): Promise<KassaResponse<TestClockData>> {
    return this.send({ method: 'DELETE', path: `/api/v3/projects/${projectId}/test_clocks/${encodeURIComponent(testClockId)}`, operation: 'deleteTestClock', pathId: testClockId });
  }

  /** POST webhook_endpoints: a webhook endpoint of your own (201); the answer is the only one that shows its `secret`. */
  createWebhookEndpoint(projectId: number, body: CreateWebhookEndpointRequest): Promise<KassaResponse<WebhookEndpointWithSecretData>> {
    return this.send({ method: 'POST', path: `/api/v3/projects/${projectId}/webhook_endpoints`, operation: 'createWebhookEndpoint', body });
  }

  /** GET webhook_endpoints: the project's endpoints, newest first, a page at a time (never their secrets). */
  listWebhookEndpoints(projectId: number, page: { cursor?: string; limit?: number } = {}): Promise<KassaResponse<WebhookEndpointsPage>> {
    const query = pageQuery(page);
    return this.send({ method: 'GET', path: `/api/v3/projects/${projectId}/webhook_endpoints${queryString(query)}`, operation: 'listWebhookEndpoints', query });
  }

  getWebhookEndpoint(projectId: number, endpointId: string): Promise<KassaResponse<WebhookEndpointData>> {
    return this.send({ method: 'GET', path: `/api/v3/projects/${projectId}/webhook_endpoints/${encodeURIComponent(endpointId)}`, operation: 'getWebhookEndpoint', pathId: endpointId });
  }

  /** PATCH webhook_endpoints/{id}: any of url, event_types, description and status (`enabled` again after Kassa disabled it). */
  updateWebhookEndpoint(projectId: number, endpointId: string, body: UpdateWebhookEndpointRequest): Promise<KassaResponse<WebhookEndpointData>> {
    const path = `/api/v3/projects/${projectId}/webhook_endpoints/${encodeURIComponent(endpointId)}`;
    return this.send({ method: 'PATCH', path, operation: 'updateWebhookEndpoint', pathId: endpointId, body });
  }

  deleteWebhookEndpoint(projectId: number, endpointId: string): Promise<KassaResponse<WebhookEndpointData>> {
    const path = `/api/v3/projects/${projectId}/webhook_endpoints/${encodeURIComponent(endpointId)}`;
    return this.send({ method: 'DELETE', path, operation: 'deleteWebhookEndpoint', pathId: endpointId });
  }

  /** POST webhook_endpoints/{id}/rotate_secret: a new `secret` (in this answer only); the old one signs beside it for `expires_in_hours` (default 24). */
  rotateWebhookEndpointSecret(projectId: number, endpointId: string, body: RotateWebhookEndpointSecretRequest = {}): Promise<KassaResponse<WebhookEndpointWithSecretData>> {
    const path = `/api/v3/projects/${projectId}/webhook_endpoints/${encodeURIComponent(endpointId)}/rotate_secret`;
    return this.send({ method: 'POST', path, operation: 'rotateWebhookEndpointSecret', pathId: endpointId, body });
  }

  /** POST webhook_deliveries/{id}/redeliver: a new attempt now, the same webhook-id (202). */
  redeliverWebhook(projectId: number, deliveryId: string): Promise<KassaResponse<WebhookDeliveryData>> {
    return this.send({ method: 'POST', path: `/api/v3/projects/${projectId}/webhook_deliveries/${encodeURIComponent(deliveryId)}/redeliver`, operation: 'redeliverWebhook', pathId: deliveryId });
  }

  /**
   * Polls GET /invoices/{id} until `until` holds for the invoice (paid, say: `(i) => i.payment_status
   * === 'PAID'`) and answers it; an error answer ends the wait at once. Resolves with the last answer
   * when time runs out: check `until` again on what comes back. For a UI; release goods on the webhook.
   */
  async waitForInvoice(projectId: number, invoiceId: string, until: (invoice: InvoiceData) => boolean, options: WaitOptions = {}): Promise<KassaResponse<InvoiceData>> {
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    for (;;) {
      const answer = await this.getInvoice(projectId, invoiceId);
      if (!answer.ok || until(answer.data) || Date.now() >= deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 1_000));
    }
  }

  /**
   * Signs and sends one request, the answer parsed from the envelope. A POST carries an
   * Idempotency-Key (unless turned off), and a call that timed out, could not connect or got a 5xx
   * (or 409 IDEMPOTENCY_KEY_IN_USE) is sent again with the same key, newly signed, `retries` times.
   */
  async send<T>(request: RawRequest): Promise<KassaResponse<T>> {
    const given = Object.entries({ ...this.options.headers, ...request.headers }).find(([name]) => name.toLowerCase() === 'idempotency-key')?.[1];
    const key = request.method === 'POST' && this.options.idempotencyKeys !== false && given === undefined ? randomUUID() : undefined;
    // A POST is retried only under a key (a retry without one could create a second invoice); a GET always may be.
    const retries = request.method !== 'POST' || key !== undefined || given !== undefined ? (this.options.retries ?? 2) : 0;
    let delay = this.options.retryDelayMs ?? 250;
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      let answer: KassaResponse<T>;
      try {
        answer = await this.sendOnce<T>(request, key);
        // A signature another call of this second had first did nothing: versions 3 and 4 (the same
        // payload on another operation or project), or version 5 (the same POST without a key, sent
        // twice in one second). This is a new call: signed a second ahead, it is another signature.
        for (let ahead = 1; ahead <= 3 && !answer.ok && signedAgain(answer.error.details?.['reason']); ahead++) {
          answer = await this.sendOnce<T>(request, key, ahead);
        }
      } catch (e) {
        // Only a request that may not have arrived, or whose answer was lost, is sent again.
        const lost = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError' || (e.name === 'TypeError' && e.message === 'fetch failed'));
        if (last || !lost) throw e;
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay *= 2;
        continue;
      }
      const again = answer.status >= 500 || (!answer.ok && answer.error.code === 'IDEMPOTENCY_KEY_IN_USE');
      if (!again || last) return answer;
      const retryAfter = Number(answer.headers.get('retry-after'));
      await new Promise((resolve) => setTimeout(resolve, Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 30) * 1000 : delay));
      delay *= 2;
    }
  }

  /**
   * The four signature headers of `request`, signed now: for a request the typed methods do not
   * send themselves (a Server-Sent Events stream, read as it comes). Version 5 signs the URL, so it
   * needs the request's `path` (as for `send`), its `method` (default GET), and the exact body text
   * and Idempotency-Key it will carry, if any.
   */
  signedHeaders(
    request: Pick<RawRequest, 'operation' | 'body' | 'pathId' | 'merchantOrderId' | 'query'> &
      Partial<Pick<RawRequest, 'method' | 'path'>> & { readonly bodyText?: string | undefined; readonly idempotencyKey?: string | undefined },
    aheadSeconds = 0,
  ): Record<string, string> {
    const { login, password } = this.options;
    const version = this.options.signatureVersion ?? 5;
    const timestamp = timestampOf(new Date((this.options.now ?? (() => new Date()))().getTime() + aheadSeconds * 1000));
    const headers = { 'X-Login': login, 'X-Timestamp': timestamp, 'X-Signature-Version': String(version) };
    if (version === 5) {
      if (request.path === undefined) throw new Error("signature version 5 signs the URL: give the request's path");
      const url = new URL(request.path, this.options.baseUrl);
      const body = request.bodyText ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
      const canonical = canonicalOfUrl(url, { method: request.method ?? 'GET', timestamp, login, body, idempotencyKey: request.idempotencyKey });
      return { ...headers, 'X-Signature': signRequestV5(password, canonical) };
    }
    const payload = requestPayload(request.operation, {
      body: request.body,
      ...(request.pathId ? { pathId: request.pathId } : {}),
      ...(request.merchantOrderId !== undefined ? { merchantOrderId: request.merchantOrderId } : {}),
      ...(request.query ? { query: request.query } : {}),
    });
    return { ...headers, 'X-Signature': signRequest(password, login, timestamp, version, payload) };
  }

  private async sendOnce<T>(request: RawRequest, idempotencyKey: string | undefined, aheadSeconds = 0): Promise<KassaResponse<T>> {
    // What is sent besides the signature first: version 5 signs the body text and the Idempotency-Key as sent.
    const sent: Record<string, string | undefined> = { ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}), ...this.options.headers, ...request.headers };
    const text = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
    // Signed as fetch sends it: a header value loses its leading and trailing spaces, tabs and line breaks (a key read from a file with its newline).
    const key = Object.entries(sent)
      .find(([name]) => name.toLowerCase() === 'idempotency-key')?.[1]
      ?.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
    const headers: Record<string, string> = { ...this.signedHeaders({ ...request, bodyText: text, idempotencyKey: key }, aheadSeconds) };
    if (text !== undefined) headers['Content-Type'] = 'application/json';
    for (const [name, value] of Object.entries(sent)) {
      if (value === undefined) delete headers[name];
      else headers[name] = value;
    }
    const response = await (this.options.fetch ?? fetch)(new URL(request.path, this.options.baseUrl), {
      method: request.method,
      headers,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      ...(text !== undefined ? { body: text } : {}),
    });
    const json = (await response.json()) as { success: boolean; data?: T; error?: KassaError };
    return json.success
      ? { ok: true, status: response.status, data: json.data as T, headers: response.headers }
      : { ok: false, status: response.status, error: json.error as KassaError, headers: response.headers };
  }
}
