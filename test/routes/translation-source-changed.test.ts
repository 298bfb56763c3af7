import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { SiteEnv } from "../../src/site/env";
import type { PageRoom } from "../../src/objects/PageRoom";
import { roomName } from "../../src/shared/room-protocol";
import { connect, editor, until } from "../objects/room-client";
import { call, source, translate } from "./translated-site";

/*
 * A translation's editors hear when their source's draft is written (`source-changed`), from any
 * write path, so "Show source" follows the source's live edits; a field the source does not share
 * (`title` here) is enough. The waits bound a hang, not the speed.
 */

describe("a translation's room hears that its source changed", () => {
  it("tells every open editor of the translation after the source's draft is written, by typing in the source's room and by REST", async () => {
    const { id } = await source();
    const de = await translate(id);
    const ann = await connect(de, editor("ann"));
    const bob = await connect(id, editor("bob"));
    const heard = () => ann.events.filter((event) => event.type === "source-changed").length;

    bob.doc.getText("title").insert(0, "New: ");
    await until(() => heard() === 1, 20_000);
    expect(ann.text("title")).toBe("Unsere Leistungen");

    expect((await call("PATCH", `/api/cms/pages/${id}`, { body: "<p>We build fast sites.</p>" })).status).toBe(201);
    await until(() => heard() === 2, 20_000);
    // The source's own editors are not told: their page is the source.
    expect(bob.events.some((event) => event.type === "source-changed")).toBe(false);
    for (const client of [ann, bob]) client.close();
  });

  it("a translation's room nobody has open tells no one", async () => {
    const { id } = await source();
    const de = await translate(id);
    const rooms = (env as SiteEnv).PAGE_ROOM as DurableObjectNamespace<PageRoom>;
    expect(await rooms.get(rooms.idFromName(roomName("pages", de))).sourceChanged()).toBe(0);
  });
});
