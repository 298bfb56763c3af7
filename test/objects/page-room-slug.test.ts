import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { roomDraftWriter } from "../../src/objects/room-client";
import { connect, editor, newestDraft, newPage, until } from "./room-client";

const writer = roomDraftWriter(env.PAGE_ROOM, "pages");
const pat = editor("pat", true);

describe("PageRoom: the slug typed live", () => {
  it("a malformed slug never becomes a draft or goes live; the room tells its editors why", async () => {
    const id = await newPage({ title: "Live slug" });
    const { slug } = (await env.DB.prepare("SELECT slug FROM pages WHERE id = ?1").bind(id).first<{ slug: string }>())!;
    const a = await connect(id, editor("ann"));
    a.doc.getText("slug").insert(0, "Not A ");
    await until(() => a.events.some((e) => e.type === "violations"));
    expect((await newestDraft(id))?.slug ?? slug).toBe(slug);
    await expect(writer.applyPublish(pat, id)).rejects.toMatchObject({ status: 422 });
    const live = await env.DB.prepare("SELECT slug FROM pages WHERE id = ?1").bind(id).first<{ slug: string }>();
    expect(live?.slug).toBe(slug);
    a.close();
  });

  it("a slug the site keeps for itself (login) never becomes a draft; the room names the reserved rule", async () => {
    const id = await newPage({ title: "Live reserved slug" });
    const { slug } = (await env.DB.prepare("SELECT slug FROM pages WHERE id = ?1").bind(id).first<{ slug: string }>())!;
    const a = await connect(id, editor("ann"));
    const text = a.doc.getText("slug");
    a.doc.transact(() => {
      text.delete(0, text.length);
      text.insert(0, "login");
    });
    await until(() => a.events.some((e) => e.type === "violations" && JSON.stringify(e).includes("reserved")));
    expect((await newestDraft(id))?.slug ?? slug).toBe(slug);
    a.close();
  });
});
