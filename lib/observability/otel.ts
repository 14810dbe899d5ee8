import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { config } from '../config';
import { onShutdown } from '../lifecycle';
import { API_VERSION } from '../version';

/**
 * Tracing over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set: Next's own spans (the
 * request, the route, the render) and the application's (database statements, page
 * renders, Markdown conversions). Spans are batched and flushed at shutdown.
 */
export function startTracing(): void {
  const { otlpEndpoint, serviceName } = config().tracing;
  if (!otlpEndpoint) return;
  const exporter = new OTLPTraceExporter({ url: `${otlpEndpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName, [ATTR_SERVICE_VERSION]: API_VERSION }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();
  onShutdown('otel', () => provider.shutdown());
}
