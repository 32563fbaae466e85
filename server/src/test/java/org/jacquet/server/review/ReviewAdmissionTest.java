package org.jacquet.server.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.jacquet.server.review.ReviewAdmission.Verdict;
import org.junit.jupiter.api.Test;

/** The review queue's admission: a share per address inside the queue's capacity, counts that go with the reviews. */
class ReviewAdmissionTest {
  @Test
  void oneAddressStopsAtItsShareWhileAnotherStillGetsIn() {
    ReviewAdmission a = new ReviewAdmission(17, 4);
    for (int i = 0; i < 4; i++) assertThat(a.admit("10.0.0.1")).isEqualTo(Verdict.ADMITTED);
    assertThat(a.admit("10.0.0.1")).isEqualTo(Verdict.SHARE_FULL);
    assertThat(a.admit("10.0.0.2")).isEqualTo(Verdict.ADMITTED);
    assertThat(a.inFlight()).as("a refusal counts nothing").isEqualTo(5);
  }

  @Test
  void aReviewEndedGivesItsPlaceBackToItsAddress() {
    ReviewAdmission a = new ReviewAdmission(17, 2);
    a.admit("10.0.0.1");
    a.admit("10.0.0.1");
    assertThat(a.admit("10.0.0.1")).isEqualTo(Verdict.SHARE_FULL);
    a.release("10.0.0.1");
    assertThat(a.admit("10.0.0.1")).isEqualTo(Verdict.ADMITTED);
  }

  @Test
  void theQueueFullRefusesEveryAddressWithinItsShare() {
    ReviewAdmission a = new ReviewAdmission(3, 2);
    a.admit("10.0.0.1");
    a.admit("10.0.0.1");
    a.admit("10.0.0.2");
    assertThat(a.admit("10.0.0.3")).isEqualTo(Verdict.QUEUE_FULL);
    assertThat(a.admit("10.0.0.1")).as("past its share first").isEqualTo(Verdict.SHARE_FULL);
    a.release("10.0.0.2");
    assertThat(a.admit("10.0.0.3")).isEqualTo(Verdict.ADMITTED);
  }

  @Test
  void noAddressIsRememberedOnceItsReviewsEnded() {
    ReviewAdmission a = new ReviewAdmission(17, 4);
    for (int i = 0; i < 3; i++) a.admit("10.0.0." + i);
    for (int i = 0; i < 3; i++) a.release("10.0.0." + i);
    assertThat(a.addresses()).isZero();
    assertThat(a.inFlight()).isZero();
  }

  @Test
  void releasingWhatWasNeverAdmittedIsABug() {
    ReviewAdmission a = new ReviewAdmission(17, 4);
    assertThatThrownBy(() -> a.release("10.0.0.1")).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> new ReviewAdmission(0, 1)).isInstanceOf(IllegalArgumentException.class);
  }
}
