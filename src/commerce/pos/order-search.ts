import { CommerceError } from "../error";
import type { PosConfig } from "./config";
import { mapOrder } from "./order-map";
import { posRequest } from "./transport";
import type { PosOrder } from "./types";
import { arr, str, stripUndefined, type Wire } from "./wire";

/** The provider accepts at most this many location ids per order search. */
export const LOCATIONS_PER_SEARCH = 10;

/** Filters of an order search. `cursor` continues a previous page of the same search. */
export interface PosOrderSearch {
  locationIds: string[];
  states?: Array<"OPEN" | "COMPLETED" | "CANCELED" | "DRAFT">;
  /** RFC 3339 bounds on the creation time. */
  createdAt?: { start?: string; end?: string };
  customerIds?: string[];
  /** Page size per location chunk. */
  limit?: number;
  cursor?: string | null;
}

/** One merged page: orders newest first, and a cursor for the next page (`null` at the end). */
export interface PosOrderPage {
  orders: PosOrder[];
  cursor: string | null;
}

interface CompositeCursor {
  /** Number of chunks the search was split into; guards against reuse with other locations. */
  n: number;
  /** Provider cursor of every chunk that still has pages, by chunk index. */
  c: Record<string, string>;
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function encodeCursor(cursor: CompositeCursor): string {
  return btoa(JSON.stringify(cursor)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeCursor(text: string, chunks: number): CompositeCursor {
  try {
    const parsed = JSON.parse(atob(text.replace(/-/g, "+").replace(/_/g, "/"))) as CompositeCursor;
    if (parsed.n === chunks && typeof parsed.c === "object" && parsed.c !== null) return parsed;
  } catch {
    // Fall through to the error below: a cursor we cannot read is the caller's mistake.
  }
  throw new CommerceError("pos searchOrders: the cursor does not belong to a search over these locations", {
    provider: "pos", method: "POST", url: "/v2/orders/search",
  });
}

function queryToWire(search: PosOrderSearch): Wire | undefined {
  const filter = stripUndefined({
    state_filter: search.states?.length ? { states: search.states } : undefined,
    date_time_filter: search.createdAt
      ? { created_at: stripUndefined({ start_at: search.createdAt.start, end_at: search.createdAt.end }) }
      : undefined,
    customer_filter: search.customerIds?.length ? { customer_ids: search.customerIds } : undefined,
  });
  return { filter, sort: { sort_field: "CREATED_AT", sort_order: "DESC" } };
}

/**
 * Searches orders by date, state, customer and location. The provider takes 10 locations per
 * search, so the ids are split into chunks of 10 searched side by side; their pages are merged
 * newest first and their cursors folded into one opaque `cursor`.
 *
 * @example
 * let page = await searchOrders(pos, { locationIds, states: ["COMPLETED"] })
 * while (page.cursor) page = await searchOrders(pos, { locationIds, states: ["COMPLETED"], cursor: page.cursor })
 */
export async function searchOrders(config: PosConfig, search: PosOrderSearch): Promise<PosOrderPage> {
  const chunks = chunk(search.locationIds, LOCATIONS_PER_SEARCH);
  const previous = search.cursor ? decodeCursor(search.cursor, chunks.length) : undefined;
  const query = queryToWire(search);
  const pending = chunks
    .map((locationIds, index) => ({ locationIds, index, cursor: previous?.c[String(index)] }))
    .filter((entry) => !previous || entry.cursor !== undefined);
  const answers = await Promise.all(
    pending.map((entry) =>
      posRequest<Wire>(config, {
        method: "POST",
        path: "/v2/orders/search",
        json: stripUndefined({ location_ids: entry.locationIds, cursor: entry.cursor, limit: search.limit, query }),
      }).then((body) => ({ index: entry.index, body })),
    ),
  );
  const next: Record<string, string> = {};
  const orders: PosOrder[] = [];
  for (const { index, body } of answers) {
    orders.push(...arr(body.orders).map(mapOrder));
    const cursor = str(body.cursor);
    if (cursor) next[String(index)] = cursor;
  }
  orders.sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? ""));
  return { orders, cursor: Object.keys(next).length ? encodeCursor({ n: chunks.length, c: next }) : null };
}

/**
 * Every order of one customer at the given locations, over all pages, newest first.
 *
 * @example
 * const history = await searchOrdersByCustomer(pos, "CUST_1", ["L1"])
 */
export async function searchOrdersByCustomer(config: PosConfig, customerId: string, locationIds: string[]): Promise<PosOrder[]> {
  const orders: PosOrder[] = [];
  let cursor: string | null = null;
  do {
    const page: PosOrderPage = await searchOrders(config, { locationIds, customerIds: [customerId], cursor });
    orders.push(...page.orders);
    cursor = page.cursor;
  } while (cursor);
  return orders.sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? ""));
}
