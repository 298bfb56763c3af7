import { describe, expect, it } from "vitest";
import { publishPage } from "../../src/client/publish";

const answering = (status: number, body: unknown) => {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return Response.json(body, { status });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
};

describe("publishPage", () => {
  it("posts to the publish endpoint and says Published", async () => {
    const { fetch, calls } = answering(200, { versionId: 4 });
    expect(await publishPage(fetch, "/api/cms/pages/2/publish")).toBe("Published");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("/api/cms/pages/2/publish");
    expect(calls[0]!.init?.method).toBe("POST");
    expect(calls[0]!.init?.body).toBe("{}");
  });

  it("says why the server refused, in words for editors", async () => {
    const { fetch } = answering(403, { error: "publishing needs the publish privilege", code: "forbidden_publish" });
    expect(await publishPage(fetch, "/p")).toBe("Not published: publishing needs the publish right");
  });

  it("never shows the server's developer text: an unknown code names the status", async () => {
    const { fetch } = answering(409, { error: "page 2 has no pending draft to publish; save a draft first or name a versionId to restore", code: "something_new" });
    expect(await publishPage(fetch, "/p")).toBe("Not published: the server answered 409");
    const pending = answering(409, { error: "page 2 has no pending draft; name a versionId", code: "nothing_pending" });
    expect(await publishPage(pending.fetch, "/p")).toBe("Not published: there is nothing to publish yet");
  });

  it("names the status when the refusal has no JSON error", async () => {
    const fetch = (async () => new Response("bad gateway", { status: 502 })) as unknown as typeof globalThis.fetch;
    expect(await publishPage(fetch, "/p")).toBe("Not published: the server answered 502");
  });

  it("says the server could not be reached when the request fails", async () => {
    const fetch = (async () => {
      throw new TypeError("network down");
    }) as unknown as typeof globalThis.fetch;
    expect(await publishPage(fetch, "/p")).toBe("Not published: the server could not be reached");
  });
});
