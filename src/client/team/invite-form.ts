import { textButton } from "../dialog";
import { scopeFields } from "./scope-fields";
import { callTeam, ROLES, type FetchLike } from "./team-api";

export interface InviteFormOptions {
  url: string;
  fetch: FetchLike;
  collections: readonly string[];
  /** The site's locales, offered as the scope's Languages. */
  locales: readonly string[];
  /** Says what happened in the panel's status line. */
  say: (text: string) => void;
  /** After an invite was made: the list shows it as pending. */
  onInvited: () => void;
}

/**
 * The "Invite a colleague" form: email, name, role and scope; on success it shows the invite link
 * in a read-only field with a Copy button (and says whether it was also emailed).
 *
 * @example
 * panel.append(inviteForm(document, { url, fetch, collections: [], locales: ["en", "de"], say, onInvited }));
 */
export function inviteForm(doc: Document, options: InviteFormOptions): HTMLFormElement {
  const form = doc.createElement("form");
  form.className = "cms-team-invite";
  form.setAttribute("aria-labelledby", "cms-team-invite-title");
  const title = doc.createElement("h3");
  title.id = "cms-team-invite-title";
  title.textContent = "Invite a colleague";
  const field = (label: string, input: HTMLInputElement | HTMLSelectElement) => {
    const wrap = doc.createElement("label");
    wrap.append(label, input);
    return wrap;
  };
  const email = doc.createElement("input");
  email.type = "email";
  email.name = "email";
  email.required = true;
  email.autocomplete = "off";
  const name = doc.createElement("input");
  name.name = "name";
  name.required = true;
  name.maxLength = 100;
  name.autocomplete = "off";
  const role = doc.createElement("select");
  role.name = "role";
  for (const value of ROLES) role.append(new Option(value, value, value === "editor", value === "editor"));
  const scope = scopeFields(doc, "cms-team-invite", {}, options.collections, options.locales);
  const submit = doc.createElement("button");
  submit.type = "submit";
  submit.textContent = "Create invite";
  const result = doc.createElement("div");
  result.className = "cms-team-link";
  form.append(title, field("Email", email), field("Name", name), field("Role", role), scope.element, submit, result);

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit.disabled = true;
    options.say("Creating the invite…");
    void callTeam(options.fetch, options.url, "POST", { email: email.value.trim(), name: name.value.trim(), role: role.value, scopes: scope.value() }).then((answer) => {
      submit.disabled = false;
      if (!answer.ok) return options.say(`No invite made: ${answer.error}`);
      const { url, emailed } = answer.value as { url: string; emailed: boolean };
      const who = email.value.trim();
      result.replaceChildren(linkField(doc, "Invite link", url, options.say));
      options.say(emailed ? `Invite emailed to ${who}. The link is also shown below.` : `Invite made. Copy the link below and send it to ${who}; it works once, for 7 days.`);
      form.reset();
      options.onInvited();
    });
  });
  return form;
}

/**
 * A link to hand over: a labelled read-only field, selected on focus, and a Copy button.
 *
 * @example
 * item.append(linkField(document, "Reset link", url, say));
 */
export function linkField(doc: Document, label: string, url: string, say: (text: string) => void): HTMLElement {
  const wrap = doc.createElement("p");
  const text = doc.createElement("label");
  text.textContent = label;
  const input = doc.createElement("input");
  input.readOnly = true;
  // The default too: the invite form is reset once its link shows, and the link must stay.
  input.defaultValue = url;
  input.addEventListener("focus", () => input.select());
  text.append(input);
  const copy = textButton(doc, `Copy ${label.toLowerCase()}`, () => {
    input.select();
    const clipboard = doc.defaultView?.navigator.clipboard;
    void (clipboard ? clipboard.writeText(url) : Promise.reject(new Error("no clipboard"))).then(
      () => say(`${label} copied.`),
      () => say(`Select the ${label.toLowerCase()} and copy it.`),
    );
  });
  wrap.append(text, copy);
  return wrap;
}
