package org.jacquet.server.notify;

import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Sends mails off the request and game threads: one thread, at most {@link #MAX_WAITING} mails
 * waiting (more are refused and logged), each tried at most {@link #MAX_ATTEMPTS} times, the
 * retries spaced out ({@code retryMillis}, doubled each time). A mail server that refuses or
 * times out costs the mail, logged once when it is given up — never the game that called for it.
 */
final class MailSender implements AutoCloseable {
  static final int MAX_ATTEMPTS = 3;
  static final int MAX_WAITING = 200;

  /** A mail and what to do once it is sent or given up. */
  record Job(Mailer.Mail mail, Runnable sent, Runnable givenUp) {}

  private final Mailer mailer;
  private final long retryMillis;
  private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "jacquet-mail");
    t.setDaemon(true);
    return t;
  });
  private final AtomicInteger waiting = new AtomicInteger();
  private final AtomicLong sent = new AtomicLong();
  private final AtomicLong attempts = new AtomicLong();
  private final AtomicLong givenUp = new AtomicLong();

  MailSender(Mailer mailer, long retryMillis) {
    this.mailer = mailer;
    this.retryMillis = retryMillis;
  }

  /** Queues {@code job}; false (logged) when {@link #MAX_WAITING} mails wait already or the sender stopped. */
  boolean submit(Job job) {
    if (waiting.incrementAndGet() > MAX_WAITING) {
      waiting.decrementAndGet();
      System.err.println("jacquet: mail to " + masked(job.mail().to()) + " dropped: " + MAX_WAITING + " mails wait already");
      return false;
    }
    try {
      thread.execute(() -> attempt(job, 1));
      return true;
    } catch (RejectedExecutionException e) {
      waiting.decrementAndGet();
      return false;
    }
  }

  /** Runs {@code task} on the sender's thread every {@code periodMillis} (the outbox's pump). */
  void every(long periodMillis, Runnable task) {
    org.jacquet.server.telemetry.OutageLog outage = new org.jacquet.server.telemetry.OutageLog("the mail outbox");
    thread.scheduleWithFixedDelay(() -> {
      try {
        task.run();
        outage.worked();
      } catch (RuntimeException e) {
        outage.failed(e); // one line an outage of its database, not one a pump
      }
    }, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
  }

  /** Runs {@code task} on the sender's thread now (a mail was just queued here). */
  void soon(Runnable task) {
    try {
      thread.execute(task);
    } catch (RejectedExecutionException e) {
      // stopping: the next process's pump sends it
    }
  }

  private void attempt(Job job, int attempt) {
    attempts.incrementAndGet();
    try {
      mailer.send(job.mail());
      waiting.decrementAndGet();
      job.sent().run();
      sent.incrementAndGet();
    } catch (Exception e) {
      if (attempt < MAX_ATTEMPTS) {
        try {
          thread.schedule(() -> attempt(job, attempt + 1), retryMillis << (attempt - 1), TimeUnit.MILLISECONDS);
          return;
        } catch (RejectedExecutionException stopping) {
          // fall through: given up
        }
      }
      waiting.decrementAndGet();
      System.err.println("jacquet: mail to " + masked(job.mail().to()) + " not sent after " + attempt + " attempt(s): " + e);
      job.givenUp().run();
      givenUp.incrementAndGet();
    }
  }

  /** An address as the log shows it: enough to find it, not enough to harvest it. */
  static String masked(String address) {
    int at = address.indexOf('@');
    return at <= 1 ? "…" + address.substring(Math.max(0, at)) : address.charAt(0) + "…" + address.substring(at);
  }

  long sent() {
    return sent.get();
  }

  long attempts() {
    return attempts.get();
  }

  long givenUp() {
    return givenUp.get();
  }

  @Override
  public void close() {
    thread.shutdownNow();
  }
}
