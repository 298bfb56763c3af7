/*
 * The Team panel: the site's accounts for admins, in a chunk of its own so pages whose editor never
 * opens it do not carry it.
 */
import { createDialog, textButton } from "../dialog";
import { formatTime } from "../format-time";
import { addStylesOnce } from "../style-once";
import { inviteForm } from "./invite-form";
import { memberRows } from "./member-row";
import { callTeam, parseTeam, type FetchLike } from "./team-api";

export type { Member, Invite, Scope } from "./team-api";
export { scopeSummary } from "./scope-summary";

const CSS = `
.cms-team{width:min(56rem,96vw);max-height:92vh;overflow:auto;color:#1d232b;background:#fff}
.cms-team table{border-collapse:collapse;width:100%;margin:.5rem 0}
.cms-team th,.cms-team td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #c4cad4;vertical-align:top}
.cms-team thead th{font-weight:600;border-bottom:2px solid #4b5563}
.cms-team form,.cms-team fieldset{display:grid;gap:.35rem;margin:.5rem 0}
.cms-team label{display:grid;gap:.15rem}
.cms-team .cms-team-check{display:flex;align-items:center;gap:.5rem}
.cms-team small{color:#4b5563}
.cms-team-actions{display:flex;flex-wrap:wrap;gap:.3rem}
.cms-team button,.cms-team input,.cms-team select{font:inherit;min-height:2.75rem}
.cms-team button{min-width:2.75rem}
.cms-team-link input{width:100%}
@media (max-width:40rem){
  .cms-team thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
  .cms-team tr,.cms-team th,.cms-team td{display:block;border:0}
  .cms-team tbody tr{border-bottom:1px solid #c4cad4;padding:.4rem 0}
  .cms-team td[data-label]::before{content:attr(data-label) ": ";font-weight:600}
}
`;

export interface TeamPanelOptions {
  /** The team endpoint; default `/api/cms/editors`. */
  url?: string;
  fetch: FetchLike;
  /** The site's collection names, offered as a hint in the scope fields. */
  collections?: readonly string[];
  /** The site's locales (`languages.locales` of the edit-mode page): a scope's Languages, one checkbox each. */
  locales?: readonly string[];
}

/**
 * Opens the Team panel: every account (name, email, role, scope, last active) with Change (role
 * and scope), Reset link and Remove; the pending invites; and a form inviting a colleague, which
 * shows the link to copy. Resolves once the list is shown.
 *
 * @example
 * await openTeamPanel(document, { fetch });
 */
export async function openTeamPanel(doc: Document, options: TeamPanelOptions): Promise<HTMLDialogElement> {
  const url = options.url ?? "/api/cms/editors";
  const collections = options.collections ?? [];
  const locales = options.locales ?? [];
  addStylesOnce(doc, "cms-team-styles", CSS);
  const { dialog, heading, message } = createDialog(doc, "Team");
  dialog.classList.add("cms-team");
  const table = doc.createElement("table");
  const caption = doc.createElement("caption");
  caption.textContent = "Accounts";
  const head = doc.createElement("thead");
  head.innerHTML = "<tr><th scope=col>Name</th><th scope=col>Email</th><th scope=col>Role</th><th scope=col>Scope</th><th scope=col>Last active</th><th scope=col>Actions</th></tr>";
  const body = doc.createElement("tbody");
  table.append(caption, head, body);
  const pendingTitle = doc.createElement("h3");
  pendingTitle.textContent = "Pending invites";
  const pending = doc.createElement("ul");
  const say = (text: string) => void (message.textContent = text);
  const load = async () => {
    const answer = await callTeam(options.fetch, url, "GET");
    if (!answer.ok) return say(`Could not load the accounts: ${answer.error}`);
    const { members, invites } = parseTeam(answer.value);
    body.replaceChildren(...members.flatMap((member) => memberRows(doc, member, { url, fetch: options.fetch, collections, locales, say, onChanged: () => void load() })));
    pending.replaceChildren(
      ...invites.map((invite) => {
        const item = doc.createElement("li");
        item.textContent = `${invite.name} (${invite.email}), ${invite.role}, until ${formatTime(doc, invite.expiresAt)}`;
        return item;
      }),
    );
    pendingTitle.hidden = pending.hidden = invites.length === 0;
  };
  const invite = inviteForm(doc, { url, fetch: options.fetch, collections, locales, say, onInvited: () => void load() });
  dialog.append(heading, message, table, pendingTitle, pending, invite, textButton(doc, "Close", () => dialog.close()));
  dialog.addEventListener("close", () => dialog.remove());
  doc.body.append(dialog);
  dialog.showModal();
  say("Loading the accounts…");
  await load();
  if (message.textContent === "Loading the accounts…") say("");
  return dialog;
}
