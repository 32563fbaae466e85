/** Reading games back: reviews of finished games, the analyses behind them, the tutor's checks, explanations in words. */
package org.jacquet.server.review;
