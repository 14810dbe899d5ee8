import { randomBytes } from 'node:crypto';
import { SpanStatusCode, context, propagation, trace, type Attributes } from '@opentelemetry/api';
import { currentTraceId } from './context';

// Spans of the application's own work (database statements, page renders, Markdown
// conversions). Without a tracer provider (OTEL_EXPORTER_OTLP_ENDPOINT unset) the API's
// no-op tracer makes these nearly free.
const tracer = () => trace.getTracer('event-catalog');

export async function inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Headers that carry the current trace into a request of this server to itself: the
 * active span's context when tracing is on, else the trace id of the request's log line.
 */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  if (!carrier.traceparent) {
    const traceId = currentTraceId();
    if (traceId) carrier.traceparent = `00-${traceId}-${randomBytes(8).toString('hex')}-01`;
  }
  return carrier;
}
