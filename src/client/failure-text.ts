/**
 * Why a request failed, in words for a status line: the 422's violations, else the JSON `error`,
 * else the status code.
 *
 * @example
 * if (!response.ok) message.textContent = `Not saved: ${await failureText(response)}`;
 */
export async function failureText(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown; violations?: unknown } | null;
  const violations = Array.isArray(body?.violations) ? (body.violations as { path?: unknown; message?: unknown }[]) : [];
  const detail = violations.map((v) => `${String(v.path)}: ${String(v.message)}`).join("; ");
  return detail || (typeof body?.error === "string" ? body.error : `the server answered ${response.status}`);
}
