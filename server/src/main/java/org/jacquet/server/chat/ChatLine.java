package org.jacquet.server.chat;

/**
 * One line of a game's chat as kept and sent: its room, who said it (a seat, {@code white} or
 * {@code black}, or null for a spectator, and the name shown), and either its cleaned text or
 * one of {@link ChatText#PHRASES} (the other null).
 */
public record ChatLine(String id, String gameId, ChatRoom room, String side, String name, String text, String phrase,
    long at) {}
