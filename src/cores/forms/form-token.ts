import { fromHex, hmacSha256, toHex, verifyHmacSha256 } from "../notify/hmac";

/*
 * How the render time reaches the server: the page embeds a hidden `cms_form_ts` field holding
 * `<render time in ms>.<hex HMAC-SHA256 of "<form>.<render time>">` under the form's timing secret.
 * The signature stops a bot from simply writing an old time into the field; binding the form name stops
 * a token minted for one form from being replayed on another. No state is kept on the server.
 */

/**
 * Mints the timing token to embed in a rendered form.
 *
 * @example
 * const token = await issueFormToken(env.CMS_FORM_TIMING_SECRET, "contact", Date.now());
 */
export async function issueFormToken(secret: string, form: string, nowMs: number): Promise<string> {
  const issued = String(Math.floor(nowMs));
  return `${issued}.${toHex(await hmacSha256(secret, `${form}.${issued}`))}`;
}

/**
 * The render time a token proves, or `null` when it is missing, malformed, forged, or from the future.
 *
 * @example
 * await readFormToken(secret, "contact", token, Date.now()) // 1767225600000
 */
export async function readFormToken(secret: string, form: string, token: unknown, nowMs: number): Promise<number | null> {
  if (typeof token !== "string") return null;
  const match = /^(\d{1,15})\.([0-9a-f]{64})$/.exec(token.trim());
  if (!match) return null;
  const issued = Number(match[1]);
  const mac = fromHex(match[2] as string);
  if (!mac || issued > nowMs || !(await verifyHmacSha256(secret, `${form}.${match[1]}`, mac))) return null;
  return issued;
}
