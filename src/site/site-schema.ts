import { plannedTables, type TablePlan } from "../cores/schema-sql";
import { sqlPartPlans } from "../cores/sql-part";
import { SQL_PARTS } from "../tables/sql-parts";
import { pagesDeclaration } from "./collections";
import { coursesDeclaration } from "./courses";

/*
 * The reference site's schema, declared once: the toolkit's SQL parts and the site's own
 * collections. migrations/ must end at exactly this (test/sql-parts.test.ts), and
 * `npm run migrations:generate` writes the migration that gets it there. Kept free of the
 * Worker's runtime imports so Node scripts can load it.
 */

/** The reference site's collections: what its `CmsService` callers see. */
export const siteCollections = { pages: pagesDeclaration, courses: coursesDeclaration };

/**
 * Every table of the reference site in creation order: the parts first, then what the site's
 * collections add (a collection over a part's table, like `pages`, adds nothing twice).
 *
 * @example
 * planStatements(siteSchemaPlans(), {}) // the CREATE statements of a fresh database
 */
export function siteSchemaPlans(): TablePlan[] {
  const parts = SQL_PARTS.flatMap(sqlPartPlans);
  const planned = new Set(parts.map((plan) => plan.name));
  return [...parts, ...plannedTables(siteCollections).filter((plan) => !planned.has(plan.name))];
}
