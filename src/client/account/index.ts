/*
 * The Account panel: the signed-in account turns two-step sign-in (TOTP) on and off. In a chunk of
 * its own, like the other panels, so a page whose editor never opens it does not carry it.
 */
import { createDialog, textButton } from "../dialog";
import type { FetchLike } from "../images/media-api";
import { addStylesOnce } from "../style-once";
import { callAccount, type SecondFactorState } from "./account-api";

export type { SecondFactorState } from "./account-api";
export { callAccount } from "./account-api";

const CSS = `
.cms-account{width:min(34rem,92vw);color:#1d232b;background:#fff}
.cms-account form,.cms-account section{display:grid;gap:.5rem;margin:.5rem 0}
.cms-account code{overflow-wrap:anywhere;font-size:1rem}
.cms-account ol{columns:2;font-family:monospace;font-size:1rem}
`;

export interface AccountPanelOptions {
  /** The second-factor endpoint, `/api/cms/session/totp` with the built-in sign-in. */
  url: string;
  fetch: FetchLike;
  /** Called once two-step sign-in was turned on and the recovery codes were dismissed. */
  onEnabled?: () => void;
}

/**
 * Opens the Account panel. Off: "Turn on two-step sign-in" asks the server for a secret, shows it
 * as text and as an `otpauth://` link for an authenticator app, and asks for a code from the app;
 * once confirmed, it shows the ten recovery codes this one time. On: a current code (or a
 * recovery code) turns it off. When the site requires it of the account, the panel says so.
 *
 * @example
 * await openAccountPanel(document, { url: "/api/cms/session/totp", fetch });
 */
export async function openAccountPanel(doc: Document, options: AccountPanelOptions): Promise<HTMLDialogElement> {
  addStylesOnce(doc, "cms-account-styles", CSS);
  const { dialog, heading, message } = createDialog(doc, "Account", "Two-step sign-in");
  dialog.classList.add("cms-account");
  const body = doc.createElement("div");
  const close = textButton(doc, "Close", () => dialog.close());
  dialog.append(heading, body, message, close);
  dialog.addEventListener("close", () => dialog.remove());
  doc.body.append(dialog);
  dialog.showModal();

  const state = await callAccount<SecondFactorState>(options.fetch, options.url, "GET");
  if (!state.ok) message.textContent = `Could not load your account: ${state.error}`;
  else if (state.value.enabled) showOn(doc, body, message, options);
  else showOff(doc, body, message, options, state.value.required);
  return dialog;
}

function showOn(doc: Document, body: HTMLElement, message: HTMLElement, options: AccountPanelOptions): void {
  const intro = paragraph(doc, "Two-step sign-in is on: signing in asks for a code from your authenticator app after your password.");
  const form = codeForm(doc, "Code from your app, or a recovery code", "Turn off two-step sign-in", async (code) => {
    message.textContent = "Turning off…";
    const off = await callAccount(options.fetch, options.url, "DELETE", code);
    if (!off.ok) return void (message.textContent = `Not turned off: ${off.error}`);
    message.textContent = "Two-step sign-in is off.";
    body.replaceChildren();
  });
  body.replaceChildren(intro, form);
}

function showOff(doc: Document, body: HTMLElement, message: HTMLElement, options: AccountPanelOptions, required: boolean): void {
  const intro = paragraph(
    doc,
    required
      ? "This site requires two-step sign-in for your role: turn it on to keep editing."
      : "Two-step sign-in is off. With it on, signing in also asks for a code from an authenticator app on your phone.",
  );
  const begin = textButton(doc, "Turn on two-step sign-in", () => {
    begin.disabled = true;
    message.textContent = "Preparing…";
    void callAccount<{ secret: string; uri: string }>(options.fetch, options.url, "POST").then((begun) => {
      begin.disabled = false;
      if (!begun.ok) return void (message.textContent = `Could not begin: ${begun.error}`);
      message.textContent = "";
      showSetup(doc, body, message, options, begun.value);
    });
  });
  body.replaceChildren(intro, begin);
}

function showSetup(doc: Document, body: HTMLElement, message: HTMLElement, options: AccountPanelOptions, begun: { secret: string; uri: string }): void {
  const section = doc.createElement("section");
  section.setAttribute("aria-label", "Set up your authenticator app");
  const secret = doc.createElement("code");
  secret.className = "cms-totp-secret";
  secret.textContent = begun.secret.replace(/(.{4})/g, "$1 ").trim();
  const link = doc.createElement("a");
  link.href = begun.uri;
  link.textContent = "Open in an authenticator app on this device";
  section.append(paragraph(doc, "Add this key to your authenticator app (it asks for a “setup key”), or open the link on the device that has the app:"), secret, link);
  const form = codeForm(doc, "6-digit code from the app", "Confirm", async (code) => {
    message.textContent = "Checking…";
    const confirmed = await callAccount<{ recoveryCodes: string[] }>(options.fetch, options.url, "PUT", code);
    if (!confirmed.ok) return void (message.textContent = `Not turned on: ${confirmed.error}`);
    message.textContent = "Two-step sign-in is on.";
    showRecoveryCodes(doc, body, confirmed.value.recoveryCodes, options);
  });
  body.replaceChildren(section, form);
  form.querySelector("input")?.focus();
}

function showRecoveryCodes(doc: Document, body: HTMLElement, codes: readonly string[], options: AccountPanelOptions): void {
  const list = doc.createElement("ol");
  list.setAttribute("aria-label", "Recovery codes");
  for (const code of codes) {
    const item = doc.createElement("li");
    item.textContent = code;
    list.append(item);
  }
  const done = textButton(doc, "I have saved these codes", () => {
    body.replaceChildren(paragraph(doc, "Two-step sign-in is on."));
    options.onEnabled?.();
  });
  body.replaceChildren(
    paragraph(doc, "Save these recovery codes somewhere safe now; they are not shown again. Each one signs you in once if you lose your phone."),
    list,
    done,
  );
  done.focus();
}

function codeForm(doc: Document, label: string, submitText: string, onCode: (code: string) => Promise<void>): HTMLFormElement {
  const form = doc.createElement("form");
  const field = doc.createElement("label");
  field.textContent = label;
  const input = doc.createElement("input");
  input.name = "code";
  input.autocomplete = "one-time-code";
  input.required = true;
  input.maxLength = 64;
  field.append(input);
  const submit = doc.createElement("button");
  submit.type = "submit";
  submit.textContent = submitText;
  form.append(field, submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit.disabled = true;
    void onCode(input.value.trim()).finally(() => {
      submit.disabled = false;
    });
  });
  return form;
}

function paragraph(doc: Document, text: string): HTMLParagraphElement {
  const p = doc.createElement("p");
  p.textContent = text;
  return p;
}
