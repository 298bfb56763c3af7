import { activity } from "./activity";
import { EDITORS_COLUMN_SQL, editorSessions, editors } from "./editors";
import { editorRecoveryCodes, editorTotp } from "./second-factor";
import { TEAM_LINKS_COLUMN_SQL, teamLinks } from "./team-links";
import { formTokens, inquiries, submissions } from "./forms";
import { media, SINGLETON_COLUMN_SQL, siteSettings, siteSettingsBlob } from "./media";
import { PAGES_SEARCH_FIELDS, pageRedirects, pages, pagesVersions } from "./pages";
import { reviewComments } from "./review-comments";
import { shareLinks } from "./share-links";
import { scheduledPublishes } from "./scheduled-publishes";
import { unflushedRooms } from "./unflushed-rooms";
import { roomSessions } from "./room-sessions";

/*
 * The package's SQL parts, in the order they apply (core first; search indexes pages): which tables
 * each `sql/<name>.sql` creates, and the comments it carries. `npm run sql:generate` renders the
 * files from these tables (src/cores/sql-part.ts); nothing here or there is written twice.
 */

/**
 * Every SQL part of the package, in application order.
 *
 * @example
 * SQL_PARTS.map((part) => part.name) // ["core", "pages", "search", "media", "settings", "forms", "share-links", "comments"]
 */
export const SQL_PARTS = [
  {
    name: "core",
    comment:
      'The editors who sign in through "cms-toolkit/auth", and their sessions. A site with its own auth\nmay leave the tables empty.\n\nUpgrades included: core-roles, core-team-links, core-activity, core-second-factor, core-unflushed-rooms, core-scheduled-publishes, core-room-sessions',
    entries: [
      { table: editors, columnSql: EDITORS_COLUMN_SQL },
      {
        comment: "The signed cookie names one session; signing out deletes it, and removing an editor deletes\ntheirs, so access ends on the next request.",
        table: editorSessions,
      },
      {
        comment: "Invite and password-reset links (the Team panel): only an HMAC of each token is stored, and a\nused link keeps its row (`used_at`).",
        table: teamLinks,
        columnSql: TEAM_LINKS_COLUMN_SQL,
      },
      {
        comment:
          "The activity log (GET /api/cms/activity): who did what and when, one row per write, appended and\nnever changed by the toolkit. `at` is an ISO time in milliseconds; `detail` a small JSON object.",
        table: activity,
      },
      {
        comment: "A second factor: the account's sealed TOTP secret and last accepted step, and its one-time\nrecovery codes (hashed). Removing an editor removes both.",
        table: editorTotp,
      },
      { table: editorRecoveryCodes },
      {
        comment: "Rooms whose acknowledged edits D1 has not received yet, added when a room turns dirty and\ndeleted once its draft is written: an export flushes them first, the health check flags old ones.",
        table: unflushedRooms,
      },
      {
        comment: "Pending scheduled publishes, one per page: the D1 copy of each room's timer, written before the\nroom arms it and deleted when it fires or is cancelled, so an export carries them and an import re-arms them.",
        table: scheduledPublishes,
      },
      {
        comment:
          "The rooms holding an open connection of each sign-in session, added by the room as it admits one\nand deleted as the session's last one there closes: a sign-out or a change of access tells them at once.",
        table: roomSessions,
      },
    ],
  },
  {
    name: "pages",
    comment:
      "A ready `pages` collection (drafts on, translatable), its versions and the redirects of renamed\npages, as the reference site declares them.\n\nUpgrades included: pages-locales, pages-redirect-locales",
    entries: [
      { table: pages },
      { comment: 'Resume and publish read "the newest draft of a page"; retention counts drafts by status.', table: pagesVersions },
      { comment: "Old addresses of renamed pages, per locale: publish of a slug change sends the old one on, permanently.", table: pageRedirects },
    ],
  },
  {
    name: "search",
    comment: [
      "Full-text search over published pages (searchRoute).",
      "",
      "pages_search holds the searchable text of published pages only, one row per page with",
      "rowid = pages.id. Its columns are the pages collection's search fields, in that order (bm25 weights",
      "are positional). It stores its own copy of the text (a regular FTS5 table, not external-content)",
      "because what it indexes is derived: rich HTML reduced to text and json fields flattened to their",
      "string leaves. An external-content table would re-read pages.body / pages.sections verbatim,",
      "which differ from the indexed text, and corrupt deletes. The stored copy also lets snippet() work,",
      "which a contentless table cannot do. The toolkit keeps it in step on publish, unpublish and",
      "delete; POST /api/cms/pages/reindex rebuilds it.",
    ].join("\n"),
    entries: [{ search: { slug: "pages", table: pages, fields: PAGES_SEARCH_FIELDS } }],
  },
  {
    name: "media",
    comment: "The media registry (mediaRoute, uploadRoute).",
    entries: [{ table: media }],
  },
  {
    name: "settings",
    comment: "The settings singleton and its blob variant (settingsRoute, blobSettingsRoute).",
    entries: [
      { table: siteSettings, columnSql: SINGLETON_COLUMN_SQL },
      { table: siteSettingsBlob, columnSql: SINGLETON_COLUMN_SQL },
    ],
  },
  {
    name: "forms",
    comment: "The shared submissions table (formRoute genericTable, submissionsRoute), the contact form's\ninquiries, and the used form timing tokens.",
    entries: [{ table: submissions }, { table: inquiries }, { table: formTokens }],
  },
  {
    name: "share-links",
    comment:
      "Share links of drafts (createCms({ shareLinks })): the token is the id plus an HMAC of it, never\nstored; revoked links keep their row. Times are Unix seconds.",
    entries: [{ table: shareLinks }],
  },
  {
    name: "comments",
    comment:
      "Comment threads of pages (review on the page): the durable copy of each room's `cms:comments`, one\nrow per thread and per reply, written by the room; deleting a record deletes its rows.",
    entries: [{ table: reviewComments }],
  },
] as const;
