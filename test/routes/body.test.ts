import { describe, expect, it } from "vitest";
import { readBodyBytes, readJsonObject } from "../../src/routes/body";
import { HttpError } from "../../src/shared/errors";

async function failure(promise: Promise<unknown>): Promise<{ status: number; code: string | undefined }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error("expected a failure");
}

function post(body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }): Request {
  return new Request("https://site.test/x", { method: "POST", body, headers });
}

describe("readJsonObject", () => {
  it("parses a JSON object", async () => {
    expect(await readJsonObject(post('{"title":"Hi"}'))).toEqual({ title: "Hi" });
  });

  it.each([
    ["malformed JSON", "{title:", 400],
    ["an array", "[1,2]", 400],
    ["a string", '"hi"', 400],
    ["null", "null", 400],
    ["an empty body", "", 400],
  ])("refuses %s with %i", async (_name, body, status) => {
    expect((await failure(readJsonObject(post(body)))).status).toBe(status);
  });

  it("refuses a body that is not JSON by content type with 415", async () => {
    expect((await failure(readJsonObject(post("a=b", { "content-type": "application/x-www-form-urlencoded" })))).status).toBe(415);
  });

  it("accepts a JSON subtype such as application/merge-patch+json", async () => {
    expect(await readJsonObject(post('{"a":1}', { "content-type": "application/merge-patch+json" }))).toEqual({ a: 1 });
  });

  it("refuses a body over 1 MB with 413", async () => {
    const big = JSON.stringify({ body: "x".repeat(1024 * 1024) });
    expect(await failure(readJsonObject(post(big)))).toEqual({ status: 413, code: "body_too_large" });
  });
});

describe("readBodyBytes", () => {
  it("counts streamed bytes instead of trusting a small Content-Length", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(400));
        controller.close();
      },
    });
    const req = new Request("https://site.test/x", { method: "POST", body: stream, headers: { "content-length": "10" } });
    expect((await failure(readBodyBytes(req, 1000))).status).toBe(413);
  });

  it("refuses at once when Content-Length already says too much", async () => {
    const req = new Request("https://site.test/x", { method: "POST", body: "small", headers: { "content-length": "999999999" } });
    expect((await failure(readBodyBytes(req, 1000))).status).toBe(413);
  });

  it("returns the exact bytes under the cap", async () => {
    const req = new Request("https://site.test/x", { method: "POST", body: new Uint8Array([1, 2, 3]) });
    expect([...(await readBodyBytes(req, 3))]).toEqual([1, 2, 3]);
  });
});
