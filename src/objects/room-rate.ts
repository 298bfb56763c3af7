/** A per-connection token bucket over messages and bytes. */
export interface RateBucket {
  /** Takes one message of `bytes`; false when the connection is over its budget. */
  take(bytes: number, now: number): boolean;
}

/**
 * Builds a token bucket that refills continuously. It lives in memory: after hibernation a
 * connection starts with a full bucket, which only ever happens after the room was idle anyway.
 *
 * @example
 * const bucket = createRateBucket({ messageBurst: 400, messagesPerSecond: 100, byteBurst: 8e6, bytesPerSecond: 2e6 }, Date.now());
 * if (!bucket.take(message.byteLength, Date.now())) connection.close(4429, "rate limited");
 */
export function createRateBucket(
  limits: { messageBurst: number; messagesPerSecond: number; byteBurst: number; bytesPerSecond: number },
  now: number,
): RateBucket {
  let messages = limits.messageBurst;
  let bytes = limits.byteBurst;
  let last = now;
  return {
    take(size, at) {
      const elapsed = Math.max(0, at - last) / 1000;
      last = at;
      messages = Math.min(limits.messageBurst, messages + elapsed * limits.messagesPerSecond);
      bytes = Math.min(limits.byteBurst, bytes + elapsed * limits.bytesPerSecond);
      messages -= 1;
      bytes -= size;
      return messages >= 0 && bytes >= 0;
    },
  };
}
