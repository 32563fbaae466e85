package org.jacquet.server.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tasks are taken in turn across owners, each owner's in order, and nothing is kept for an owner served. */
class FairQueueTest {
  private static List<String> drain(FairQueue<String> q) {
    List<String> taken = new ArrayList<>();
    for (String t = q.poll(); t != null; t = q.poll()) taken.add(t);
    return taken;
  }

  @Test
  void anOwnerWithManyTasksTakesTurnsWithTheOthers() {
    FairQueue<String> q = new FairQueue<>();
    for (int i = 1; i <= 5; i++) q.add("crowd", "c" + i);
    q.add("lone", "l1");
    q.add("third", "t1");
    q.add("lone", "l2");
    assertThat(drain(q)).containsExactly("c1", "l1", "t1", "c2", "l2", "c3", "c4", "c5");
  }

  @Test
  void aNewcomerIsServedAfterTheOwnersAlreadyWaitingNotAfterTheirTasks() {
    FairQueue<String> q = new FairQueue<>();
    for (int i = 1; i <= 4; i++) q.add("crowd", "c" + i);
    q.add("other", "o1");
    assertThat(q.poll()).isEqualTo("c1");
    q.add("lone", "l1"); // came while the crowd had three more waiting
    assertThat(drain(q)).containsExactly("o1", "c2", "l1", "c3", "c4");
  }

  @Test
  void nothingIsKeptForAnOwnerOnceItsTasksAreTaken() {
    FairQueue<String> q = new FairQueue<>();
    assertThat(q.poll()).isNull();
    for (int owner = 0; owner < 1000; owner++) q.add("client " + owner, "task " + owner);
    assertThat(q.size()).isEqualTo(1000);
    assertThat(q.owners()).isEqualTo(1000);
    assertThat(drain(q)).hasSize(1000);
    assertThat(q.size()).isZero();
    assertThat(q.owners()).isZero();
    q.add("again", "x"); // an owner served and gone comes back as a newcomer
    assertThat(q.poll()).isEqualTo("x");
    assertThat(q.owners()).isZero();
  }
}
