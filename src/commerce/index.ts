export type { Money } from "./money";
export { centsToMajor, minorUnitsPerMajor } from "./money";
export { hmacSha256Hex, hmacSha256Base64, safeEqual } from "./hmac";
export { CommerceError } from "./error";
export type { CommerceErrorInit } from "./error";
export type { FetchLike } from "./http";
export { createReplayGuard, d1ReplayStore, kvReplayStore, storageReplayStore, REPLAY_TTL_SECONDS } from "./replay-guard";
export type { ReplayGuard, ReplayGuardOptions, ReplayStore } from "./replay-guard";
