import type { ActivityItem, ActivityKind } from "../../shared/activity";
import { pagePath } from "../pages/page-path";

/** The words of each kind, as "<who> <verb> <what>". */
const VERBS: Readonly<Record<ActivityKind, string>> = {
  "draft.saved": "saved a draft of",
  "draft.restored": "restored an earlier version of",
  "record.created": "created",
  "record.updated": "changed",
  "record.deleted": "deleted",
  "record.published": "published",
  "record.scheduled": "scheduled the publishing of",
  "record.unscheduled": "cancelled the scheduled publishing of",
  "record.unpublished": "unpublished",
  "comment.added": "commented on",
  "comment.resolved": "resolved a comment on",
  "comment.deleted": "deleted a comment on",
  "suggestion.accepted": "accepted suggestions on",
  "suggestion.rejected": "rejected suggestions on",
  "translation.marked": "marked the translation as up to date:",
  "settings.changed": "changed the site settings",
  "menu.changed": "changed the menu",
  "media.uploaded": "uploaded",
  "media.deleted": "deleted",
  signin: "signed in",
  "signin.failed": "failed to sign in",
  "editor.invited": "invited",
  "editor.changed": "changed the account of",
  "editor.removed": "removed the account of",
};

/** The kind filter's choices, in words. */
export const KIND_CHOICES: readonly { kind: ActivityKind; text: string }[] = [
  { kind: "draft.saved", text: "Drafts saved" },
  { kind: "draft.restored", text: "Versions restored" },
  { kind: "record.created", text: "Pages created" },
  { kind: "record.updated", text: "Records changed" },
  { kind: "record.deleted", text: "Pages deleted" },
  { kind: "record.published", text: "Published" },
  { kind: "record.scheduled", text: "Publishing scheduled" },
  { kind: "record.unscheduled", text: "Schedules cancelled" },
  { kind: "record.unpublished", text: "Unpublished" },
  { kind: "comment.added", text: "Comments" },
  { kind: "comment.resolved", text: "Comments resolved" },
  { kind: "comment.deleted", text: "Comments deleted" },
  { kind: "suggestion.accepted", text: "Suggestions accepted" },
  { kind: "suggestion.rejected", text: "Suggestions rejected" },
  { kind: "translation.marked", text: "Translations marked up to date" },
  { kind: "settings.changed", text: "Settings changed" },
  { kind: "menu.changed", text: "Menu changed" },
  { kind: "media.uploaded", text: "Images uploaded" },
  { kind: "media.deleted", text: "Images deleted" },
  { kind: "signin", text: "Sign-ins" },
  { kind: "signin.failed", text: "Failed sign-ins" },
  { kind: "editor.invited", text: "Accounts invited" },
  { kind: "editor.changed", text: "Accounts changed" },
  { kind: "editor.removed", text: "Accounts removed" },
];

/** One row in words: who, what they did, and what it was done to (with the page's address when it has one). */
export interface ActivityWords {
  who: string;
  verb: string;
  /** The page, image or account; `null` when the kind names its object itself ("changed the menu"). */
  object: { text: string; href: string | null } | null;
  /** The filter value of the record (`<collection>:<id>`), when the row is about one. */
  record: string | null;
}

/**
 * The words of one activity row.
 *
 * @example
 * activityWords(item) // { who: "Pat", verb: "saved a draft of", object: { text: "About us", href: "/about" }, record: "pages:2" }
 */
export function activityWords(item: ActivityItem): ActivityWords {
  const verb = (VERBS as Record<string, string | undefined>)[item.kind] ?? item.kind;
  const who = item.actor.name !== "" ? item.actor.name : "The site";
  const text = (name: string) => (typeof item.detail[name] === "string" && item.detail[name] !== "" ? (item.detail[name] as string) : null);
  const record = item.collection !== null && item.recordId !== null ? `${item.collection}:${item.recordId}` : null;
  if (record !== null) {
    const slug = text("slug");
    const label = text("title") ?? `${item.collection} ${item.recordId}`;
    // Only pages have an address the editor knows; a deleted page has none any more.
    const href = item.collection === "pages" && slug !== null && item.kind !== "record.deleted" ? pagePath(slug) : null;
    const scheduled = item.kind === "record.published" && item.detail.scheduled === true;
    return { who, verb: scheduled ? "published, as scheduled," : verb, object: { text: label, href }, record };
  }
  if (item.kind === "media.uploaded" || item.kind === "media.deleted") return { who, verb, object: { text: `the image ${text("name") ?? text("key") ?? ""}`.trim(), href: null }, record };
  if (item.kind.startsWith("editor.")) return { who, verb, object: { text: text("name") ?? text("email") ?? "an account", href: null }, record };
  return { who, verb, object: null, record };
}
