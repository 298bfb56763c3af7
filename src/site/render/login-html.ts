import { layout } from "./layout";

/**
 * The sign-in page. It posts a plain HTML form, so signing in works without JavaScript. The code
 * field is for accounts with two-step sign-in on (an authenticator's code or a recovery code); the
 * server ignores it for the others.
 *
 * @example
 * html(loginPage({ error: url.searchParams.get("error"), next: "/about" }))
 */
export function loginPage(options: { error: string | null; next: string }): string {
  const error =
    options.error === "code"
      ? `<p role="alert">This account uses two-step sign-in: enter your password and the code from your authenticator app (or a recovery code).</p>`
      : options.error === "no_editors"
      ? `<p role="alert">This site has no editor account yet. Add the first with <code>npx cms-toolkit add-editor --email you@example.com --name You --role admin --remote</code>.</p>`
      : options.error !== null
        ? `<p role="alert">That email and password did not match, or there were too many attempts. Try again.</p>`
        : "";
  return layout(
    { title: "Sign in" },
    `<main>
<h1>Sign in</h1>
${error}
<form class="stack" method="post" action="/api/cms/session">
<label>Email <input name="email" type="email" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<label>Code from your authenticator app, if you use two-step sign-in <input name="code" autocomplete="one-time-code" inputmode="text" maxlength="64"${options.error === "code" ? " autofocus" : ""}></label>
<input type="hidden" name="next" value="${options.next.replace(/[^\w/.-]/g, "")}">
<button type="submit">Sign in</button>
</form>
</main>`,
  );
}
