import { env } from "cloudflare:workers";
import { abortAllDurableObjects } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { directDraftWriter } from "../../src/cores/drafts";
import type { SiteEnv } from "../../src/site/env";
import { connect, editor, until } from "../objects/room-client";
import { call, cms, source, translate } from "./translated-site";

/*
 * An open translation's room follows its source's shared fields (`slug` here): the source's draft
 * write tells the translations' rooms, whichever way it came (REST, typing in the source's room).
 * The waits are generous: they bound a hang, not the speed.
 */

describe("an open translation's room and its source's shared fields", () => {
  it("shows a shared field changed on the source at once, by REST and by typing in the source's room, to every editor of the translation", async () => {
    const { id, slug } = await source();
    const de = await translate(id);
    const ann = await connect(de, editor("ann"));
    expect(ann.text("slug")).toBe(slug);

    expect((await call("PATCH", `/api/cms/pages/${id}`, { slug: `${slug}-neu` })).status).toBe(201);
    await until(() => ann.text("slug") === `${slug}-neu`, 20_000);

    const bob = await connect(id, editor("bob"));
    bob.doc.getText("slug").insert(bob.text("slug").length, "-live");
    await until(() => ann.text("slug") === `${slug}-neu-live`, 20_000);
    // A second editor of the translation, joining now, opens on the same value.
    const cleo = await connect(de, editor("cleo"));
    expect(cleo.text("slug")).toBe(`${slug}-neu-live`);
    // The translation's own fields are untouched, and its editors keep editing them.
    ann.doc.getText("title").insert(0, "Live: ");
    await until(() => ann.acknowledged(), 20_000);
    expect(ann.closed).toBeNull();
    for (const client of [ann, bob, cleo]) client.close();
  });

  it("a translation's room that reloads from its storage takes the source's shared fields as they stand, even a change it was never told", async () => {
    const { id, slug } = await source();
    const de = await translate(id);
    const ann = await connect(de, editor("ann"));
    ann.doc.getText("title").insert(0, "Stored: ");
    await until(() => ann.acknowledged(), 20_000);
    ann.close();
    await abortAllDurableObjects();
    // Written straight to D1, past every room: no room is told.
    const deps = cms.registry.draftDeps("pages", (env as SiteEnv).MEDIA_URL)!;
    await directDraftWriter(env as SiteEnv, deps).applySaveDraft(editor("ed", true), id, { slug: `${slug}-spaeter` });
    const back = await connect(de, editor("ann"));
    expect(back.text("title").startsWith("Stored: ")).toBe(true);
    expect(back.text("slug")).toBe(`${slug}-spaeter`);
    back.close();
  });
});
