// Resident memory of the bench's `workerd` runtime, from /proc (Linux only), for per-room figures.
import { readFileSync } from "node:fs";

/**
 * The process's resident set (VmRSS) in bytes; `NaN` without /proc.
 *
 * @example
 * const before = rssBytes(pid); await openRooms(); const perRoom = (rssBytes(pid) - before) / rooms;
 */
export function rssBytes(pid) {
  if (!pid) return NaN;
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}
