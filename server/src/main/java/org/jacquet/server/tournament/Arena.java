package org.jacquet.server.tournament;

import org.jacquet.server.clock.TimeControl;

/**
 * An arena as stored: its rules preset, match length and live time control, the window in which
 * its players are paired ({@code startsAt} to {@code endsAt}, ms since the epoch), who made it,
 * and whether the home page lists it ({@code listed}; a private one is reached by its link only).
 */
public record Arena(String id, String name, String hostName, String rules, int matchLength, TimeControl time,
    long startsAt, long endsAt, boolean listed) {
  /** Where an arena stands at {@code now}. */
  public enum Status {
    SCHEDULED("scheduled"), RUNNING("running"), FINISHED("finished");

    public final String key;

    Status(String key) {
      this.key = key;
    }
  }

  public Status status(long now) {
    return now < startsAt ? Status.SCHEDULED : now < endsAt ? Status.RUNNING : Status.FINISHED;
  }
}
