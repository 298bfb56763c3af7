import { tableMeta } from "../cores/table-meta";
import { roomCheck, schedulesCheck, unflushedCheck } from "../cores/health/room-checks";
import type { HealthCheck } from "../cores/health/run-checks";
import { bindingsCheck, d1Check, kvCheck, migrationsCheck, r2Check, type NeededBinding } from "../cores/health/storage-checks";
import type { FormDefinition } from "../cores/forms";
import { missingPageRoom, probeRoomStorage, rearmRoomSchedule } from "../objects/room-client";
import type { CmsRegistry } from "./cms-registry";

/** What the health checks of one declaration are built from. */
export interface CmsHealthSources {
  registry: CmsRegistry;
  /** Every D1 table the declaration needs (`declaredTables`). */
  tables: readonly string[];
  signIn: boolean;
  media: boolean;
  forms: readonly FormDefinition[];
  /** The rooms' maximum wait before a draft write (`RoomLimits.maxWaitMs`). */
  maxWaitMs: number;
}

/**
 * The checks `GET /api/cms/health` runs for a site's declaration: its bindings (those it needs),
 * its migrations (declared tables and columns against D1), a D1 round trip, an R2 probe object, a
 * KV read, a room's storage, overdue scheduled publishes, and drafts left unwritten past the
 * rooms' maximum wait (from `unflushed_rooms`, where rooms list themselves). A store whose binding
 * is absent is not probed: the bindings check names it.
 *
 * @example
 * const checks = cmsHealthChecks({ registry, tables, signIn: true, media: true, forms: [], maxWaitMs: 12_000 });
 * healthRoute({ resolveEditor, checks });
 */
export function cmsHealthChecks(sources: CmsHealthSources): (env: object) => HealthCheck[] {
  const needed = neededBindings(sources);
  // Tables the declaration reads by column: a renamed or added column without its migration is found too.
  const metas = sources.registry.collections.flatMap((entry) => [entry.declared.table, ...(entry.declared.versionsTable ? [entry.declared.versionsTable] : [])]).map((table) => tableMeta(table));
  const drafts = sources.registry.roomSlugs.flatMap((slug) => {
    const deps = sources.registry.draftDeps(slug, undefined);
    return deps ? [{ slug, deps }] : [];
  });
  return (env) => {
    const bound = env as { DB?: D1Database; MEDIA?: R2Bucket; KV?: KVNamespace; PAGE_ROOM?: DurableObjectNamespace };
    const checks: HealthCheck[] = [bindingsCheck(env, needed)];
    if (bound.DB) checks.push(migrationsCheck(bound.DB, sources.tables, metas), d1Check(bound.DB));
    if (bound.MEDIA) checks.push(r2Check(bound.MEDIA));
    if (bound.KV) checks.push(kvCheck(bound.KV));
    const rooms = bound.PAGE_ROOM;
    if (rooms) {
      checks.push(roomCheck(() => probeRoomStorage(rooms)));
      const db = bound.DB;
      if (db && drafts.length > 0) {
        checks.push(schedulesCheck(db, (room) => rearmRoomSchedule({ DB: db, PAGE_ROOM: rooms }, room)));
        checks.push(unflushedCheck(db, sources.maxWaitMs));
      }
    }
    return checks;
  };
}

function neededBindings(sources: CmsHealthSources): NeededBinding[] {
  const needed: NeededBinding[] = [{ name: "DB", kind: "D1 database", usedFor: "the CMS" }];
  const add = (binding: NeededBinding) => {
    if (!needed.some((known) => known.name === binding.name)) needed.push(binding);
  };
  if (sources.media) {
    add({ name: "MEDIA", kind: "R2 bucket", usedFor: "uploads and the media library" });
    add({ name: "MEDIA_URL", kind: "variable", usedFor: "media addresses" });
  }
  if (sources.registry.roomSlugs.length > 0) {
    add({ name: "PAGE_ROOM", kind: "Durable Object namespace", usedFor: "live editing and drafts", fix: missingPageRoom(sources.registry.roomSlugs).fix });
  }
  if (sources.signIn) {
    add({ name: "RATE_LIMIT", kind: "Durable Object namespace", usedFor: "sign-in limits" });
    add({ name: "CMS_SESSION_SECRET", kind: "secret", usedFor: "sign-in sessions" });
  }
  for (const form of sources.forms) {
    const spam = form.spam ?? {};
    const usedFor = `form ${form.name}`;
    if (spam.rateLimitObject) add({ name: spam.rateLimitObject, kind: "Durable Object namespace", usedFor });
    if (spam.rateLimitKv) add({ name: spam.rateLimitKv, kind: "KV namespace", usedFor });
    if (spam.timingSecret) add({ name: spam.timingSecret, kind: "secret", usedFor });
    if (spam.turnstileSecret) add({ name: spam.turnstileSecret, kind: "secret", usedFor });
  }
  return needed;
}
