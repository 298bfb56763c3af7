// Journey (issue 35, item 4): an editor turns two-step sign-in on from the edit bar's Account
// panel (the test is their authenticator app: it computes the code from the secret the panel
// shows), then signs in again through the login page, which now needs the code too. axe checks the
// panel on the way.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { seriousViolations } from "../axe.mjs";
import { barAction, openAs, request, waitForEditing } from "../browser.mjs";

const EMAIL = "factor@example.test";

function base32Bytes(text) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/\s/g, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  return Buffer.from(bits.match(/.{8}/g).map((byte) => parseInt(byte, 2)));
}

/** RFC 6238 with the accounts' parameters: HMAC-SHA-1, 30-second steps, 6 digits. */
function totp(secret, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

const stepNow = () => Math.floor(Date.now() / 30_000);

export const tests = [
  {
    name: "journey second factor: an editor turns two-step sign-in on from the Account panel, and signing in then needs the code",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, EMAIL);
      track(context);
      await page.goto("/about");
      await waitForEditing(page);

      await barAction(page, "Account and two-step sign-in");
      const dialog = page.getByRole("dialog", { name: "Account" });
      await dialog.getByRole("button", { name: "Turn on two-step sign-in" }).click();
      const secret = (await dialog.locator(".cms-totp-secret").textContent()).replace(/\s/g, "");
      assert.match(secret, /^[A-Z2-7]{32}$/, "the panel shows the secret as text");
      assert.match(await dialog.getByRole("link").getAttribute("href"), new RegExp(`^otpauth://totp/.*secret=${secret}`), "and as an otpauth link");
      assert.deepEqual(await seriousViolations(page), [], "axe finds no serious or critical violation in the panel");
      const confirmedAt = stepNow();
      await dialog.getByLabel("6-digit code from the app").fill(totp(secret, confirmedAt));
      await dialog.getByRole("button", { name: "Confirm" }).click();
      const codes = dialog.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
      await codes.first().waitFor();
      assert.equal(await codes.count(), 10, "ten recovery codes, shown once");
      assert.deepEqual(await seriousViolations(page), [], "nor with the recovery codes shown");
      const recovery = await codes.first().textContent();
      await dialog.getByRole("button", { name: "I have saved these codes" }).click();
      await dialog.getByRole("button", { name: "Close" }).click();

      // Signing in again, in a fresh browser: the password alone is no longer enough.
      const { context: fresh, page: login } = await openAs(browser, site);
      track(fresh);
      await login.goto("/login?next=/about");
      await login.getByLabel("Email").fill(EMAIL);
      await login.getByLabel("Password").fill(site.password);
      await Promise.all([login.waitForURL(/\/login\?error=code$/), login.getByRole("button", { name: "Sign in" }).click()]);
      await login.getByRole("alert").filter({ hasText: "two-step sign-in" }).waitFor();

      // The code used to confirm is spent: sign in with the next step's code. The app shows it within
      // 30 seconds; the account takes it at once, as it takes a step either side of now for a phone
      // whose clock drifts, so the test does not wait for the step to turn.
      await login.getByLabel("Email").fill(EMAIL);
      await login.getByLabel("Password").fill(site.password);
      await login.getByLabel(/^Code from your authenticator app/).fill(totp(secret, confirmedAt + 1));
      await Promise.all([login.waitForURL((url) => !url.pathname.startsWith("/login")), login.getByRole("button", { name: "Sign in" }).click()]);
      await login.goto("/about");
      await waitForEditing(login);

      // Leave the account as it was, with a recovery code (the step's code is spent).
      const off = await request(fresh, "/api/cms/session/totp", { method: "DELETE", data: { code: recovery }, headers: { origin: site.origin } });
      assert.equal(off.status(), 204);
    },
  },
];
