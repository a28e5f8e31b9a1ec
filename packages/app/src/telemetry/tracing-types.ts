/** The variables tracing reads (the standard OTEL_* ones). */
export type TracingEnv = Readonly<Record<string, string | undefined>>;

/** What a started SDK offers: the spans still pending are sent at shutdown (within a few seconds at most). */
export interface Tracing {
  shutdown(): Promise<void>;
}

/** The OTLP protocols Kassa exports with (the SDK's default is http/protobuf). */
export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];
