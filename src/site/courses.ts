import { sql } from "drizzle-orm";
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { cmsCollection } from "../cms/cms-collection";
import { versionsTable } from "../tables/versions-table";

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** The demo's `courses` table (migrations/0010_courses.sql): one column per typed field. */
export const courses = sqliteTable("courses", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  day: text("day"),
  startsAt: text("starts_at"),
  price: real("price"),
  seats: integer("seats"),
  free: integer("free", { mode: "boolean" }).notNull().default(false),
  level: text("level"),
  link: text("link"),
  image: text("image", { mode: "json" }),
  publishedVersionId: integer("published_version_id"),
  createdAt: text("created_at").notNull().default(NOW),
  updatedAt: text("updated_at").notNull().default(NOW),
});

/** Draft and publish history of `courses`. */
export const coursesVersions = versionsTable("courses");

/** The levels a course is for, as the select field declares them and the page shows them. */
export const COURSE_LEVELS = [
  { value: "beginner", label: "Beginner" },
  { value: "intermediate", label: "Intermediate" },
  { value: "advanced", label: "Advanced" },
] as const;

/** The currency a course's price is in, shown beside it. */
export const PRICE_UNIT = "EUR";

/**
 * The demo's `courses` collection: one field of each value type, so every inline field editor has
 * a place on the site (`/courses/<slug>`). Drafts on, so a course is edited in its own live room.
 */
export const coursesDeclaration = cmsCollection(courses, {
  versionsTable: coursesVersions,
  fields: {
    slug: { type: "slug", required: true },
    title: { type: "text", required: true, maxLength: 120 },
    day: { type: "date" },
    startsAt: { type: "datetime" },
    price: { type: "number", min: 0, max: 10_000, unit: PRICE_UNIT },
    seats: { type: "number", integer: true, min: 1, max: 5000 },
    free: { type: "boolean" },
    level: { type: "select", options: COURSE_LEVELS },
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
    level: "select",
    link: "url",
    image: "image",
  },
  // Where src/site/course-pages.ts serves a course: what a scoped account's `paths` are checked against.
  address: (record) => (typeof record.slug === "string" ? `/courses/${record.slug}` : null),
});
