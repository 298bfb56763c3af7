// Against wrangler dev, as the audit ran it (issue 25, item 8): a burst of parallel public form
// posts answers only 200 or 429 (the budget; off Cloudflare's edge the addresses the posts claim in
// CF-Connecting-IP are not believed, so they share one), and a room for a page that does not exist
// is refused at once. The audit's unexplained 503s were wrangler dev's own answer ("Your worker
// restarted mid-request") to requests in flight while it reloaded the worker after its assets
// directory changed (a client build): a property of the dev server, not of the route, and not
// tested here because catching a reload in flight is a race that would make the suite flaky.
import assert from "node:assert/strict";
import { createHmac, randomBytes } from "node:crypto";
import WebSocket from "ws";
import { resetContactLimit } from "./browser.mjs";

/* A render-time token as the contact page embeds it (see src/cores/forms/form-token.ts). */
function formToken(secret, issued) {
  const id = randomBytes(12).toString("hex");
  const mac = createHmac("sha256", secret).update(`contact.${issued}.${id}`).digest("hex");
  return `${issued}.${id}.${mac}`;
}

function burst(site, ips) {
  const now = Date.now();
  return Promise.all(
    ips.map((ip, i) =>
      fetch(`${site.origin}/api/cms/forms/contact`, {
        method: "POST",
        headers: { origin: site.origin, "content-type": "application/json", "cf-connecting-ip": ip },
        body: JSON.stringify({ name: "Ada", email: "ada@example.test", message: `burst ${i}`, website: "", cms_form_ts: formToken(site.state.secrets.timing, now - 10_000 - i) }),
      }).then(async (res) => ({ status: res.status, text: await res.text() })),
    ),
  );
}

const tally = (answers) => answers.reduce((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

export const tests = [
  {
    name: "burst: 30 parallel contact posts claiming 30 addresses share one budget off the edge: 5 answer 200, 25 answer 429, none 5xx",
    async run({ site }) {
      await resetContactLimit(site);
      const answers = await burst(site, Array.from({ length: 30 }, (_, i) => `198.18.0.${i + 1}`));
      const odd = answers.filter(({ status }) => status !== 200 && status !== 429);
      // On a failure, the odd answers and the server's last log lines come first (the runner prints a few lines only).
      const why = odd.length ? `answers other than 200 and 429: ${JSON.stringify(odd)}; server log: ${site.log().slice(-1500)}` : undefined;
      assert.deepEqual(tally(answers), { 200: 5, 429: 25 }, why);
    },
  },
  {
    name: "burst: a room for a page that does not exist is refused at once (404), not after seconds",
    async run({ site }) {
      const signIn = await fetch(`${site.origin}/api/cms/session`, {
        method: "POST",
        headers: { origin: site.origin, "content-type": "application/json" },
        body: JSON.stringify({ email: "editor@example.test", password: site.password }),
      });
      const cookie = signIn.headers.get("set-cookie").split(";")[0];
      const started = Date.now();
      const socket = new WebSocket(`${site.origin.replace("http", "ws")}/parties/page-room/pages:987654321`, { headers: { cookie, origin: site.origin } });
      const outcome = await new Promise((resolve) => {
        socket.on("unexpected-response", (_request, response) => resolve({ status: response.statusCode }));
        socket.on("close", (code) => resolve({ code }));
        socket.on("error", () => undefined);
      });
      socket.terminate();
      assert.deepEqual(outcome, { status: 404 });
      assert.ok(Date.now() - started < 2000, `refused after ${Date.now() - started} ms`);
    },
  },
];
