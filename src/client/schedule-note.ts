/**
 * What the edit bar says when a scheduled publish did not go live (the room's `schedule-cancelled`
 * event): when it was due, in the page's words (`formatTime`), and why, as the room said it.
 *
 * @example
 * scheduleCancelledNote("1 May 2099, 09:30", "Pat no longer has the publish right")
 * // "The publish scheduled for 1 May 2099, 09:30 did not go live: Pat no longer has the publish right"
 */
export function scheduleCancelledNote(when: string, reason: string): string {
  const why = reason.trim() || "it was cancelled";
  return when ? `The publish scheduled for ${when} did not go live: ${why}` : `A scheduled publish did not go live: ${why}`;
}
