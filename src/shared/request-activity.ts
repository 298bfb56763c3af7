import type { ActivityActor, ActivityEvent, ActivityNoter } from "./activity";

/*
 * What one request did, as its routes tell it: who (the editor the guard admitted, or the account
 * a sign-in tried) and the activity events of its writes. The activity edge
 * (src/routes/activity-edge.ts) records them once the answer is known. An event is noted only
 * after its write stood, so a refused write (4xx) records nothing.
 */
interface RequestActivity {
  actor: ActivityActor | null;
  events: ActivityEvent[];
}

const notes = new WeakMap<Request, RequestActivity>();

function noteOf(request: Request): RequestActivity {
  let note = notes.get(request);
  if (!note) {
    note = { actor: null, events: [] };
    notes.set(request, note);
  }
  return note;
}

/**
 * Records who the request's activity is attributed to: the admitted editor's id and name, or for a
 * sign-in the account tried (never an address that matches no account).
 *
 * @example
 * noteActivityActor(request, { id: session.id, name: session.name });
 */
export function noteActivityActor(request: Request, actor: ActivityActor): void {
  noteOf(request).actor = { id: actor.id, name: actor.name };
}

/**
 * The noter a request core is handed: each event it tells is kept on the request until the
 * activity edge records it.
 *
 * @example
 * await publishRequest(writer, session, id, { activity: { collection: "pages", note: activityNoterOf(request) } });
 */
export function activityNoterOf(request: Request): ActivityNoter {
  return (event) => {
    noteOf(request).events.push(event);
  };
}

/**
 * Tells one event of the request (a route that wrote it itself).
 *
 * @example
 * noteActivity(request, { kind: "media.deleted", detail: { key } });
 */
export function noteActivity(request: Request, event: ActivityEvent): void {
  activityNoterOf(request)(event);
}

/** What the request's routes told: the actor and the events, in order. */
export function requestActivity(request: Request): { actor: ActivityActor | null; events: readonly ActivityEvent[] } {
  const note = noteOf(request);
  return { actor: note.actor, events: note.events };
}
