import { YServer } from "y-partyserver";

/**
 * One room per page, addressed `/parties/page-room/<collection>:<id>`. It speaks the standard
 * Yjs sync and awareness protocol so any y-partyserver or y-websocket client can join.
 */
export class PageRoom extends YServer {
  static override options = { hibernate: true };
}
