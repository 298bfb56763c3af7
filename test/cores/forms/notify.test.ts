import { describe, expect, it } from "vitest";
import { createHttpMailer, createSendEmailMailer, signWebhook, verifyWebhookSignature } from "../../../src/cores/notify";
import { createFakeFetch } from "../../fixtures/forms/fake-fetch";

const T = Date.UTC(2026, 0, 1);

describe("webhook signatures", () => {
  it("sign t=<seconds>,v1=<hex> over `t.body`, and verify within the tolerance only", async () => {
    const header = await signWebhook("k", '{"a":1}', T);
    expect(header).toMatch(new RegExp(`^t=${T / 1000},v1=[0-9a-f]{64}$`));
    expect(await verifyWebhookSignature("k", '{"a":1}', header, T + 300_000)).toBe(true);
    expect(await verifyWebhookSignature("k", '{"a":1}', header, T + 301_000)).toBe(false);
    expect(await verifyWebhookSignature("k", '{"a":2}', header, T)).toBe(false);
    expect(await verifyWebhookSignature("other", '{"a":1}', header, T)).toBe(false);
    expect(await verifyWebhookSignature("k", '{"a":1}', null, T)).toBe(false);
  });

  it("accept any matching v1 (so a receiver can roll its secret)", async () => {
    const good = (await signWebhook("k", "b", T)).split(",v1=")[1];
    expect(await verifyWebhookSignature("k", "b", `t=${T / 1000},v1=${"0".repeat(64)},v1=${good}`, T)).toBe(true);
  });
});

describe("mailers", () => {
  it("createSendEmailMailer hands the structured message to the send_email binding", async () => {
    const sent: unknown[] = [];
    const mailer = createSendEmailMailer({ send: async (message) => void sent.push(message) }, { from: "forms@site.test" });
    await mailer.send({ to: ["a@site.test"], subject: "S", text: "T", replyTo: "v@x.test" });
    expect(sent).toEqual([{ from: "forms@site.test", to: ["a@site.test"], subject: "S", text: "T", replyTo: "v@x.test" }]);
  });

  it("createHttpMailer posts the exact JSON with a bearer key, and rejects on a non-2xx answer", async () => {
    const api = createFakeFetch((seen) => new Response(null, { status: seen.body.includes('"subject":"fail"') ? 422 : 200 }));
    const mailer = createHttpMailer({ url: "https://mail.local.test/emails", apiKey: "<API_KEY>", from: "forms@site.test", fetch: api.fetch });
    await mailer.send({ to: ["a@site.test"], subject: "S", text: "T", replyTo: "v@x.test" });
    expect(api.calls).toEqual([
      {
        url: "https://mail.local.test/emails",
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer <API_KEY>" },
        body: JSON.stringify({ from: "forms@site.test", to: ["a@site.test"], subject: "S", text: "T", reply_to: "v@x.test" }),
      },
    ]);
    await expect(mailer.send({ to: ["a@site.test"], subject: "fail", text: "T" })).rejects.toThrow(/422/);
  });
});
