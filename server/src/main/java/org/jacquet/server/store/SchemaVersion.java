package org.jacquet.server.store;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationState;

/**
 * The refusal of a database written by a newer Jacquet (a downgrade). Flyway by default lets a
 * program run on a schema it does not know (it ignores "future" migrations), where the older
 * code would misread or damage what the newer one stores: the server stops at start instead,
 * saying which versions meet and what to do, before anything is written.
 */
final class SchemaVersion {
  private SchemaVersion() {}

  /** Throws when the database holds migrations this program does not have; {@code what} names the database. */
  static void requireNotNewer(Flyway flyway, String what) {
    String newest = null;
    String known = "none";
    for (MigrationInfo m : flyway.info().all()) {
      if (m.getVersion() == null) continue;
      if (m.getState() == MigrationState.FUTURE_SUCCESS || m.getState() == MigrationState.FUTURE_FAILED) {
        newest = m.getVersion().getVersion();
      } else {
        known = m.getVersion().getVersion();
      }
    }
    if (newest != null) {
      throw new IllegalStateException(what + " was written by a newer version of Jacquet (its schema is at version " + newest
          + ", this program knows versions up to " + known + "): run the newer version, or restore a backup made before the upgrade"
          + " into an empty database");
    }
  }
}
