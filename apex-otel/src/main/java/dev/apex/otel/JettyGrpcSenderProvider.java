package dev.apex.otel;

import io.opentelemetry.sdk.common.export.GrpcSender;
import io.opentelemetry.sdk.common.export.GrpcSenderConfig;
import io.opentelemetry.sdk.common.export.GrpcSenderProvider;

/**
 * The OTLP exporter's gRPC sender ({@link JettyGrpcSender}), found by the exporter through {@code
 * META-INF/services}: what makes {@code OTEL_EXPORTER_OTLP_PROTOCOL=grpc}, the default, work.
 */
public final class JettyGrpcSenderProvider implements GrpcSenderProvider {

  @Override
  public GrpcSender createSender(GrpcSenderConfig config) {
    return new JettyGrpcSender(config);
  }
}
