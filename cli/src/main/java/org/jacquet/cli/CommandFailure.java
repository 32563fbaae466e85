package org.jacquet.cli;

/**
 * A command that could not do its work although it was called correctly: a file that cannot be
 * read or written, a record that does not hold up. Exit status 1, one line on standard error.
 * (A bad argument is an {@link IllegalArgumentException}: exit status 2.)
 */
final class CommandFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  CommandFailure(String message) {
    super(message, null, false, false);
  }
}
