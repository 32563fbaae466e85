/**
 * The web app (issue 5): HTTP and WebSocket protocol, the authoritative game service,
 * persistence, and the browser UI as static files. Depends on the engine and the AI.
 */
package org.jacquet.server;
