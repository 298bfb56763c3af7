// An author's acknowledgement latency in a page room: from a local edit to the room's
// `{ type: "ack", updates: n }` whose count covers the frame that carried the edit (the room sends
// it once the commit holding the edit is durable). Frames are counted by the socket itself
// (room-clients.mjs `socketWith`), so an edit's frame number is known the moment it is sent.
import { parseRoomEvent } from "../lib/room-protocol.mjs";
import { latencySummary } from "../lib/stats.mjs";

/**
 * Starts timing `provider`'s acknowledgements. Call `edited(t0)` right after each local edit's
 * transaction (the provider sends its frame synchronously inside it); it resolves once the edit is
 * acknowledged, and its latency joins `latencies`. A reconnect starts a new count on both sides,
 * so a round with one is not measured (the scenarios count 4429 closes and report them).
 *
 * @example
 * const acks = ackTimer(writer.provider);
 * doc.transact(() => text.insert(0, "x")); await acks.edited(performance.now());
 * acks.latencies // [ms, …]
 */
export function ackTimer(provider) {
  /* Edits sent and not acknowledged yet, in frame order. */
  const waiting = [];
  const latencies = [];
  let lastFrame = 0;
  provider.on("custom-message", (raw) => {
    const event = parseRoomEvent(raw);
    if (event?.type !== "ack" || !provider.ws) return;
    const now = performance.now();
    const { updates } = provider.ws;
    updates.acked(event.updates);
    const covered = updates.sentCount() - updates.waiting();
    while (waiting.length > 0 && waiting[0].frame <= covered) {
      const edit = waiting.shift();
      latencies.push(now - edit.t0);
      edit.resolve();
    }
  });
  return {
    latencies,
    edited(t0) {
      const frame = provider.ws?.updates.sentCount() ?? 0;
      if (frame === lastFrame) throw new Error("an edit did not leave as an update frame of its own (socket not open?)");
      lastFrame = frame;
      return new Promise((resolve) => waiting.push({ frame, t0, resolve }));
    },
    /** Edits still waiting for their acknowledgement. */
    waiting: () => waiting.length,
  };
}

/**
 * `{ ackP50, ackP99, ackSamples }` of acknowledgement latencies in ms, to sit beside a round's
 * fan-out `{ p50, p99, samples }`.
 *
 * @example
 * ({ ...latencySummary(fanout), ...ackSummary(acks.latencies) })
 */
export function ackSummary(latencies) {
  const { p50, p99, samples } = latencySummary(latencies);
  return { ackP50: p50, ackP99: p99, ackSamples: samples };
}
