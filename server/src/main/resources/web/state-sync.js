// Keeps the page's copy of the game whole from what the server sends (docs/PROTOCOL.md):
// a full "state" on connecting, then "change" messages carrying the turn as it is now and
// only the new events. StateSync.apply(state, msg) returns the new full state object.
const StateSync = {
  apply(state, msg) {
    if (msg.type === 'state' || !state) return msg.type === 'state' ? msg : null;
    if (msg.seq !== undefined && state.seq !== undefined && msg.seq <= state.seq) return state;
    const kept = msg.game === state.game ? state.events.slice(0, msg.eventsFrom) : [];
    const next = Object.assign({}, msg, { type: 'state', events: kept.concat(msg.events) });
    delete next.eventsFrom;
    return next;
  },
};
