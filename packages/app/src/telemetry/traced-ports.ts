import { SpanKind } from '@opentelemetry/api';
import type { BillingGateway, SmsSender } from '@kassa-payments/domain';
import type { EnvironmentPorts } from '../environment-ports.js';
import { inSpan, noteOnSpan, tracingOn } from './trace-context.js';

/**
 * The billing gateway and the SMS sender are the deployment's own (an extension) or the sandbox's,
 * and no instrumentation knows them: each call is a client span of Kassa's making, which an
 * extension's own HTTP calls (instrumented) nest under. Attributes name the project, the amount and
 * the outcome, never the customer, the card or the PIN.
 */
export function tracedGateway(gateway: BillingGateway): BillingGateway {
  return {
    charge: (request, context) =>
      inSpan(
        'billing charge',
        {
          'kassa.project_id': request.projectId,
          'kassa.amount.minor': request.amount.minor,
          'kassa.amount.currency': request.amount.currency,
          ...(request.method ? { 'kassa.payment_method': request.method } : {}),
        },
        async () => {
          const outcome = await gateway.charge(request, context);
          noteOnSpan({ 'kassa.charge.status': outcome.status, 'kassa.charge.result_code': outcome.resultCode });
          return outcome;
        },
        { kind: SpanKind.CLIENT },
      ),
    refund: (request, context) =>
      inSpan(
        'billing refund',
        { 'kassa.project_id': request.projectId, 'kassa.amount.minor': request.amount.minor, 'kassa.amount.currency': request.amount.currency },
        () => gateway.refund(request, context),
        {
          kind: SpanKind.CLIENT,
        },
      ),
  };
}

export function tracedSms(sms: SmsSender): SmsSender {
  return {
    sendPin: (msisdn, pin, context) =>
      inSpan(
        'sms send_pin',
        {},
        async () => {
          const outcome = await sms.sendPin(msisdn, pin, context);
          noteOnSpan({ 'kassa.sms.outcome': outcome ?? 'sent' });
          return outcome;
        },
        { kind: SpanKind.CLIENT },
      ),
  };
}

/** The environment's ports, their gateway and SMS sender traced when traces are on (else as they are). */
export const tracedEnvironment = (ports: EnvironmentPorts): EnvironmentPorts => (tracingOn() ? { ...ports, gateway: tracedGateway(ports.gateway), sms: tracedSms(ports.sms) } : ports);
