import { describe, expect, it } from "vitest";
import { activityUrl } from "../../src/client/activity/activity-url";
import { activityWords, KIND_CHOICES } from "../../src/client/activity/activity-text";
import { ACTIVITY_KINDS, type ActivityItem } from "../../src/shared/activity";

const item = (fields: Partial<ActivityItem>): ActivityItem => ({
  id: 1,
  at: "2030-01-01T09:00:00.000Z",
  actor: { id: "3", name: "Pat" },
  kind: "draft.saved",
  collection: "pages",
  recordId: 2,
  versionId: 40,
  detail: {},
  requestId: "r",
  ...fields,
});

describe("the Activity panel's words", () => {
  it("reads each row as who, what and which page, linking a page by its slug then", () => {
    const cases: [Partial<ActivityItem>, ReturnType<typeof activityWords>][] = [
      [{ detail: { title: "About us", slug: "about" } }, { who: "Pat", verb: "saved a draft of", object: { text: "About us", href: "/about" }, record: "pages:2" }],
      [{ kind: "record.published", detail: { title: "Home", slug: "home" } }, { who: "Pat", verb: "published", object: { text: "Home", href: "/" }, record: "pages:2" }],
      [{ kind: "record.published", detail: { scheduled: true } }, { who: "Pat", verb: "published, as scheduled,", object: { text: "pages 2", href: null }, record: "pages:2" }],
      [{ kind: "record.deleted", detail: { title: "Gone", slug: "gone" } }, { who: "Pat", verb: "deleted", object: { text: "Gone", href: null }, record: "pages:2" }],
      [{ collection: "courses", detail: { title: "Pottery", slug: "pottery" } }, { who: "Pat", verb: "saved a draft of", object: { text: "Pottery", href: null }, record: "courses:2" }],
      [{ kind: "menu.changed", collection: null, recordId: null, detail: { keys: ["menu"] } }, { who: "Pat", verb: "changed the menu", object: null, record: null }],
      [{ kind: "media.uploaded", collection: null, recordId: null, detail: { key: "a.png", name: "door.png" } }, { who: "Pat", verb: "uploaded", object: { text: "the image door.png", href: null }, record: null }],
      [{ kind: "signin.failed", collection: null, recordId: null, actor: { id: null, name: "unknown account" } }, { who: "unknown account", verb: "failed to sign in", object: null, record: null }],
      [{ kind: "editor.invited", collection: null, recordId: null, detail: { editorId: "9", email: "sam@example.test" } }, { who: "Pat", verb: "invited", object: { text: "sam@example.test", href: null }, record: null }],
      [{ actor: { id: null, name: "" }, kind: "record.unpublished" }, { who: "The site", verb: "unpublished", object: { text: "pages 2", href: null }, record: "pages:2" }],
    ];
    for (const [fields, words] of cases) expect(activityWords(item(fields))).toEqual(words);
  });

  it("offers every kind in the kind filter, once", () => {
    expect(KIND_CHOICES.map((choice) => choice.kind)).toEqual([...ACTIVITY_KINDS]);
  });

  it("puts the filters and the cursor in the URL, leaving out the empty ones", () => {
    expect(activityUrl("/api/cms/activity", {}, null)).toBe("/api/cms/activity");
    expect(activityUrl("/api/cms/activity", { actor: "3", record: "", kind: "record.published" }, "812")).toBe("/api/cms/activity?actor=3&kind=record.published&cursor=812");
  });
});
