/*
 * "cms-toolkit/room-protocol": what a client of a page room needs and nothing else (no Workers
 * code), so a browser, a Node script or another Worker can join a room and read its events.
 */
export {
  CUSTOM_MESSAGE_PREFIX,
  HEARTBEAT_PING,
  HEARTBEAT_PONG,
  JSON_ROOT,
  MAX_MESSAGE_BYTES,
  MESSAGE_AWARENESS,
  MESSAGE_SYNC,
  ROOM_CLOSE,
  ROOM_PARTY,
  ROOM_MIN_PROTOCOL_VERSION,
  ROOM_PATH_PREFIX,
  ROOM_PROTOCOL_VERSION,
  ROOM_VERSION_PARAM,
  SYNC_STEP1,
  SYNC_STEP2,
  SYNC_UPDATE,
  outdatedClient,
  parseRoomEvent,
  parseRoomName,
  roomName,
} from "./shared/room-protocol";
export type { RoomAddress, RoomEvent } from "./shared/room-protocol";
export { countsAsUpdate, UpdateAcks } from "./shared/room-acks";
