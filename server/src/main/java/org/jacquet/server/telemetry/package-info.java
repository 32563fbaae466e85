/**
 * What a host watches: the server's numbers in Prometheus' text format ({@link Telemetry}, served
 * on a loopback port by {@link MetricsEndpoint}) and its log as one JSON object a line ({@link JsonLog}),
 * secrets taken out.
 */
package org.jacquet.server.telemetry;
