import { MIN_NEW_PASSWORD_LENGTH } from "./password-policy";
import type { OpenTeamLink } from "./team-links";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

// The package renders these pages itself, so a site needs nothing of its own to take invites. No
// script: the form works without JavaScript, under a policy that runs none.
const STYLE = `:root { font-family: system-ui, sans-serif; color: #1d232b; line-height: 1.55; }
  main { max-width: 28rem; margin: 0 auto; padding: 2rem 1.25rem; }
  form { display: grid; gap: .8rem; } label { display: grid; gap: .25rem; }
  input, button { font: inherit; padding: .55rem .7rem; border-radius: .35rem; }
  input { border: 1px solid #6b7280; } button { border: 0; background: #1d4ed8; color: #fff; font-weight: 600; cursor: pointer; }
  [role="alert"] { color: #991b1b; background: #fef2f2; border: 1px solid #fecaca; padding: .6rem .8rem; border-radius: .35rem; }
  .hint { color: #4b5563; font-size: .9rem; margin: 0; }`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/**
 * The page of an open invite or reset link: who it is for, and a form choosing the password.
 *
 * @example
 * teamLinkPage(link, { host: "example.com", token, action: "/invite", error: null })
 */
export function teamLinkPage(link: OpenTeamLink, options: { host: string; token: string; action: string; error: string | null }): string {
  const invite = link.kind === "invite";
  const title = invite ? `Join ${options.host}` : `Set a new password for ${options.host}`;
  const intro = invite
    ? `<p>You are invited to edit ${escape(options.host)} as ${escape(link.name)} (${escape(link.email)}), with the role ${escape(link.role)}. Choose a password to finish.</p>`
    : `<p>Choose a new password for ${escape(link.name)} (${escape(link.email)}). Every device signed in to this account will be signed out.</p>`;
  const error = options.error === null ? "" : `<p role="alert" id="password-error">${escape(options.error)}</p>`;
  const described = options.error === null ? "password-hint" : "password-hint password-error";
  return page(
    title,
    `<h1>${escape(title)}</h1>
${intro}
${error}
<form method="post" action="${escape(options.action)}">
<input type="hidden" name="token" value="${escape(options.token)}">
<input type="hidden" name="username" value="${escape(link.email)}" autocomplete="username">
<label>New password <input name="password" type="password" autocomplete="new-password" minlength="${MIN_NEW_PASSWORD_LENGTH}" required aria-describedby="${described}"></label>
<p class="hint" id="password-hint">At least ${MIN_NEW_PASSWORD_LENGTH} characters, and not a common password.</p>
<label>Repeat the password <input name="confirm" type="password" autocomplete="new-password" minlength="${MIN_NEW_PASSWORD_LENGTH}" required></label>
<button type="submit">${invite ? "Set password and sign in" : "Set new password and sign in"}</button>
</form>`,
  );
}

/**
 * The page of a link that opens nothing: unknown, used or expired.
 *
 * @example
 * deadLinkPage("link_expired")
 */
export function deadLinkPage(code: string): string {
  const why =
    code === "link_used"
      ? "This link was already used. If you set your password, sign in with it."
      : code === "link_expired"
        ? "This link has expired. Ask an admin of the site for a new one."
        : "This link does not exist. Check that you copied all of it, or ask an admin of the site for a new one.";
  return page("Link not valid", `<h1>This link does not work</h1>\n<p>${why}</p>\n<p><a href="/login">Go to sign-in</a></p>`);
}
