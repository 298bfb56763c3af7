import { YServer } from "y-partyserver";

/**
 * The fan-out baseline: a bare y-partyserver room with hibernation, no persistence, no checks, no
 * identity. The bench routes `/parties/bare-room/<name>` to it (binding `BARE_ROOM`), so PageRoom's
 * fan-out latency is read as a ratio to this in the same worker and run.
 *
 * @example
 * // bench/worker.ts
 * export { BareRoom } from "./bare-room";
 */
export class BareRoom extends YServer {
  static override options = { hibernate: true };
}
