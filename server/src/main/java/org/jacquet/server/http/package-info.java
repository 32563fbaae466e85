/** HTTP: the JSON API's routes by group, the guards and deadlines that keep clients from holding the server, strict JSON bodies, JSON error answers, the client's address and language. */
package org.jacquet.server.http;
