/** Live play: the WebSocket endpoint and its messages, the hub that owns the sockets (bounded queues, fan-out off the game's lock), presence, and the other processes on the same database. */
package org.jacquet.server.live;
