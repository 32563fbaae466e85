/** Confidence intervals for the figures the tools print: win rates, points per game, rollout results. */
package org.jacquet.ai.stats;
