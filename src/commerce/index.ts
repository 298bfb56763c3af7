export type { Money } from "./money";
export { centsToMajor, minorUnitsPerMajor } from "./money";
export { hmacSha256Hex, hmacSha256Base64, safeEqual } from "./hmac";
export { CommerceError } from "./error";
export type { CommerceErrorInit } from "./error";
export type { FetchLike } from "./http";
