import { sql } from "drizzle-orm";
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { cmsCollection } from "../cms/cms-collection";
import { versionsTable } from "../tables/versions-table";

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** The demo's `events` table (migrations/0010_events.sql): one column per typed field. */
export const events = sqliteTable("events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  day: text("day"),
  startsAt: text("starts_at"),
  price: real("price"),
  seats: integer("seats"),
  free: integer("free", { mode: "boolean" }).notNull().default(false),
  category: text("category"),
  link: text("link"),
  image: text("image", { mode: "json" }),
  publishedVersionId: integer("published_version_id"),
  createdAt: text("created_at").notNull().default(NOW),
  updatedAt: text("updated_at").notNull().default(NOW),
});

/** Draft and publish history of `events`. */
export const eventsVersions = versionsTable("events");

/** The kinds of event, as the select field declares them and the page shows them. */
export const EVENT_CATEGORIES = [
  { value: "talk", label: "Talk" },
  { value: "workshop", label: "Workshop" },
  { value: "meetup", label: "Meetup" },
] as const;

/** The currency an event's price is in, shown beside it. */
export const PRICE_UNIT = "EUR";

/**
 * The demo's `events` collection: one field of each value type, so every inline field editor has a
 * place on the site (`/events/<slug>`). Drafts on, so events are edited in their own live room.
 */
export const eventsDeclaration = cmsCollection(events, {
  versionsTable: eventsVersions,
  fields: {
    slug: { type: "slug", required: true },
    title: { type: "text", required: true, maxLength: 120 },
    day: { type: "date" },
    startsAt: { type: "datetime" },
    price: { type: "number", min: 0, max: 10_000, unit: PRICE_UNIT },
    seats: { type: "number", integer: true, min: 1, max: 5000 },
    free: { type: "boolean" },
    category: { type: "select", options: EVENT_CATEGORIES },
    link: { type: "url" },
    image: { type: "image" },
  },
  drafts: true,
  inline: {
    title: "text",
    slug: "slug",
    day: "date",
    startsAt: "datetime",
    price: "number",
    seats: "number",
    free: "boolean",
    category: "select",
    link: "url",
    image: "image",
  },
});
