/** Storage: the database (SQLite file or PostgreSQL, migrations, the file's guard) and the games' table. */
package org.jacquet.server.store;
