import { describe, expect, it } from "vitest";
import { editor } from "../objects/room-client";
import { call, service, source, translate } from "./translated-site";

/* A translation's history shows the source's shared fields (`slug`, `sections`), as its record read does. */

type History = { items: { id: number; versionData: Record<string, unknown> }[] };
const NEWER = [{ type: "hero", heading: "Newer at the source" }];

describe("a translation's history", () => {
  it("shows every version with the source's shared fields, over REST (with or without ?locale=) and the service binding", async () => {
    const { id, slug } = await source();
    const de = await translate(id);
    expect((await call("PATCH", `/api/cms/pages/${de}`, { title: "Zweite Fassung" })).status).toBe(201);
    expect((await call("PATCH", `/api/cms/pages/${id}`, { slug: `${slug}-neu`, sections: NEWER })).status).toBe(201);
    expect((await call("POST", `/api/cms/pages/${id}/publish`, {})).status).toBe(200);
    const read = (await (await call("GET", `/api/cms/pages/${de}`)).json()) as Record<string, unknown>;
    expect(read).toMatchObject({ slug: `${slug}-neu`, sections: [{ heading: "Newer at the source" }] });

    for (const path of [`/api/cms/pages/${de}/versions`, `/api/cms/pages/${id}/versions?locale=de`]) {
      const answer = await call("GET", path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("etag"), path).toMatch(/^"/);
      const history = (await answer.json()) as History;
      // The copy made from the source, the first write, the second.
      expect(history.items.map((item) => item.versionData.title), path).toEqual(["Zweite Fassung", "Unsere Leistungen", "Our services"]);
      for (const item of history.items) expect(item.versionData, path).toMatchObject({ slug: read.slug, sections: read.sections });
    }
    const listed = await service().listVersions(editor("ed", true), "pages", de);
    expect(listed.ok).toBe(true);
    const items = listed.ok ? listed.value.items : [];
    expect(items).toHaveLength(3);
    for (const item of items) expect(item.versionData).toMatchObject({ slug: read.slug, sections: read.sections });

    // The source's own history keeps its versions as they were.
    const own = (await (await call("GET", `/api/cms/pages/${id}/versions`)).json()) as History;
    expect(own.items.at(-1)?.versionData).toMatchObject({ slug, sections: [{ heading: "Big heading" }] });
  });
});
