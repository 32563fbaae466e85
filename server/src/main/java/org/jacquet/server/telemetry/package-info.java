/**
 * What a host watches: the server's numbers on the Prometheus Java client ({@link Telemetry},
 * served on a loopback port by {@link MetricsEndpoint}), the health checks {@code /healthz}
 * answers ({@link HealthChecks}), the build's version and commit ({@link BuildInfo}), and its log
 * as one JSON object a line ({@link JsonLog}), secrets taken out, one line an outage
 * ({@link OutageLog}).
 */
package org.jacquet.server.telemetry;
