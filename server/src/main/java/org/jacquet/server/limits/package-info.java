/** What bounds the server: limits per client and in all, rate limiters, health of storage, timings of actions. */
package org.jacquet.server.limits;
