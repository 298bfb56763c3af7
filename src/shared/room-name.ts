/* Room addresses: `<collection>:<id>`, shared by the Worker (which routes upgrades) and the room. */

/** A parsed room name `<collection>:<id>`. */
export interface RoomAddress {
  collection: string;
  id: number;
}

const ROOM_NAME = /^([A-Za-z_][A-Za-z0-9_]*):([1-9][0-9]{0,15})$/;

/**
 * Parses a room name; `null` unless it is `<collection>:<positive integer id>`.
 *
 * @example
 * parseRoomName("pages:12") // { collection: "pages", id: 12 }
 */
export function parseRoomName(name: string): RoomAddress | null {
  const match = ROOM_NAME.exec(name);
  if (!match) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { collection: match[1] as string, id } : null;
}

/**
 * The room name of a page.
 *
 * @example
 * roomName("pages", 12) // "pages:12"
 */
export function roomName(collection: string, id: number): string {
  return `${collection}:${id}`;
}
