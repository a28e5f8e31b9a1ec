/**
 * Whether this process exports traces, and starting it: only the standard OpenTelemetry
 * variables configure it. Nothing of the SDK is imported unless they ask for traces, so a Kassa
 * without them loads and runs nothing of it (docs/decisions.md, "Traces").
 */
import { OTLP_PROTOCOLS, type OtlpProtocol, type Tracing, type TracingEnv } from './tracing-types.js';

export type { Tracing, TracingEnv } from './tracing-types.js';

const set = (v: string | undefined): boolean => v !== undefined && v.trim() !== '';

/**
 * Traces are on when an OTLP endpoint is named (OTEL_EXPORTER_OTLP_ENDPOINT or its traces-only
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), unless OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none.
 */
export function tracingWanted(env: TracingEnv): boolean {
  if (env['OTEL_SDK_DISABLED']?.trim().toLowerCase() === 'true') return false;
  if (env['OTEL_TRACES_EXPORTER']?.trim().toLowerCase() === 'none') return false;
  return set(env['OTEL_EXPORTER_OTLP_ENDPOINT']) || set(env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']);
}

/** The protocol asked for (traces-only variable first); anything else than http/json or http/protobuf is refused with its name. */
export function otlpProtocol(env: TracingEnv): OtlpProtocol {
  const asked = (env['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'] ?? env['OTEL_EXPORTER_OTLP_PROTOCOL'] ?? 'http/protobuf').trim();
  if ((OTLP_PROTOCOLS as readonly string[]).includes(asked)) return asked as OtlpProtocol;
  throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL: Kassa exports traces over ${OTLP_PROTOCOLS.join(' or ')}, not "${asked}"`);
}

/**
 * OTEL_PROPAGATORS is refused unless unset or `tracecontext`: Kassa's propagation is W3C
 * tracecontext, fixed (a job's and event's context is a `traceparent`, webhooks and the billing
 * gateway receive one, no listener trusts an incoming one and no `baggage` is sent). Another value
 * would promise what Kassa does not do, so it stops the start with its name.
 */
export function checkPropagators(env: TracingEnv): void {
  const asked = env['OTEL_PROPAGATORS'];
  if (asked === undefined || asked.trim() === '') return;
  const names = asked
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n !== '');
  if (names.length > 0 && names.every((n) => n === 'tracecontext')) return;
  throw new Error(
    `OTEL_PROPAGATORS: Kassa propagates W3C tracecontext only (no baggage, b3, jaeger or none); unset it or set it to "tracecontext", not "${asked.trim()}" (docs/operations.md, "Traces")`,
  );
}

/**
 * Starts the SDK when `env` asks for traces, before the modules it instruments are loaded (call
 * it before importing the server). Undefined when tracing is off.
 */
export async function startTracing(env: TracingEnv): Promise<Tracing | undefined> {
  if (!tracingWanted(env)) return undefined;
  const protocol = otlpProtocol(env);
  checkPropagators(env);
  const { startTracingSdk } = await import('./tracing-sdk.js');
  return startTracingSdk(env, protocol);
}
