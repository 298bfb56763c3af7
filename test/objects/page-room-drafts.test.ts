import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { publishRequest, unpublishRequest } from "../../src/cores/drafts";
import { roomDraftWriter } from "../../src/objects/room-client";
import { connect, draftCount, editor, newestDraft, newPage, until } from "./room-client";

const writer = roomDraftWriter(env.PAGE_ROOM, "pages");
const pat = editor("pat", true);

async function live(id: number) {
  return env.DB.prepare("SELECT title, body, published_version_id AS pointer FROM pages WHERE id = ?1").bind(id).first<{ title: string; body: string; pointer: number | null }>();
}

describe("PageRoom: one draft write path", () => {
  it("five clients converge and their edits settle into one D1 draft", async () => {
    const id = await newPage({ title: "" });
    const clients = await Promise.all(["a", "b", "c", "d", "e"].map((n) => connect(id, editor(n))));
    clients.forEach((client, i) => client.doc.getText("title").insert(0, String(i)));
    await until(() => clients.every((c) => c.text("title").length === 5));
    expect(new Set(clients.map((c) => c.text("title"))).size).toBe(1);
    await until(() => clients[0]!.events.some((e) => e.type === "saved"));
    expect(await draftCount(id)).toBe(1);
    expect((await newestDraft(id))?.title).toBe(clients[0]!.text("title"));
    clients.forEach((c) => c.close());
  });

  it("writes the draft when the last editor leaves", async () => {
    const id = await newPage();
    const a = await connect(id, editor("ann"));
    const b = await connect(id, editor("bob"));
    a.doc.getText("title").insert(0, "Left ");
    await until(() => b.text("title") === "Left Live title");
    a.close();
    b.close();
    await until(() => newestDraft(id).then((d) => d?.title === "Left Live title"));
  });

  it("a REST save during live typing keeps both sides", async () => {
    const id = await newPage({ title: "middle" });
    const a = await connect(id, editor("ann"));
    const typing = (async () => {
      for (const ch of "xyz") {
        a.doc.getText("title").insert(a.text("title").length, ch);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const saved = await writer.applySaveDraft(pat, id, { title: "Start middle" });
    await typing;
    await until(() => a.text("title") === "Start middlexyz");
    expect(saved.versionId).toBeGreaterThan(0);
    await until(() => a.events.some((e) => e.type === "saved" && e.versionId === saved.versionId));
    await until(() => newestDraft(id).then((d) => d?.title === "Start middlexyz"));
    a.close();
  });

  it("a REST save with violations is refused and every editor is told", async () => {
    const id = await newPage();
    const a = await connect(id, editor("ann"));
    await expect(writer.applySaveDraft(pat, id, { title: "x".repeat(500) })).rejects.toMatchObject({ status: 422 });
    await until(() => a.events.some((e) => e.type === "violations"));
    expect(a.text("title")).toBe("Live title");
    a.close();
  });

  it("publish includes the last acknowledged keystroke", async () => {
    const id = await newPage();
    const a = await connect(id, editor("ann"));
    const b = await connect(id, editor("bob"));
    a.doc.getText("title").insert(0, "Now ");
    await until(() => b.text("title") === "Now Live title"); // the room has accepted it
    const published = await writer.applyPublish(pat, id);
    expect((await live(id))?.title).toBe("Now Live title");
    expect((await live(id))?.pointer).toBe(published.versionId);
    await until(() => b.events.some((e) => e.type === "published" && e.versionId === published.versionId));
    await writer.applyUnpublish(pat, id);
    await until(() => b.events.some((e) => e.type === "unpublished"));
    expect((await live(id))?.pointer).toBeNull();
    a.close();
    b.close();
  });

  it("publishing an older version puts it back in front of the editors", async () => {
    const id = await newPage();
    const first = await writer.applySaveDraft(pat, id, { title: "First" });
    await writer.applyPublish(pat, id);
    await writer.applySaveDraft(pat, id, { title: "Second" });
    await writer.applyPublish(pat, id);
    const a = await connect(id, editor("ann"));
    expect(a.text("title")).toBe("Second");
    await writer.applyPublish(pat, id, { versionId: first.versionId });
    await until(() => a.text("title") === "First");
    a.close();
  });

  it("an editor without the publish privilege cannot publish through the room (checked once, by the request core every entry calls)", async () => {
    const id = await newPage();
    await expect(publishRequest(writer, editor("ed"), id, {})).rejects.toMatchObject({ status: 403 });
    await expect(unpublishRequest(writer, editor("ed"), id)).rejects.toMatchObject({ status: 403 });
  });
});
