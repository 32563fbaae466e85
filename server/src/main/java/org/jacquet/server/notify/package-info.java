/**
 * Notifications: an inbox per account (its turn in a correspondence game, a challenge to it, a
 * game of its ended), written in the transaction of the change it tells of, and mail for the
 * kinds an account chose, to an address it confirmed, sent by SMTP off the request threads.
 * {@link org.jacquet.server.notify.Notify} assembles it; {@link org.jacquet.server.notify.NotifyRoutes}
 * is its HTTP API and JSON view.
 */
package org.jacquet.server.notify;
