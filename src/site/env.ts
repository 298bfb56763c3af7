import type { EditorRouteEnv } from "../shared/route-types";

/** Bindings of the reference site (see wrangler.toml and .dev.vars.example). */
export interface SiteEnv extends EditorRouteEnv {
  MEDIA: R2Bucket;
  MEDIA_URL: string;
  KV: KVNamespace;
  PAGE_ROOM: DurableObjectNamespace;
  /** Shared storefront-platform rate-limit buckets (PlatformRateLimitObject). */
  PLATFORM_RATE_LIMIT: DurableObjectNamespace;
  /** Atomic rate limits for sign-in and forms (RateLimitObject, one object per limit key). */
  RATE_LIMIT: DurableObjectNamespace;
  /** HMAC key for session cookies; set in .dev.vars locally and as a secret in production. */
  CMS_SESSION_SECRET: string;
  /** HMAC key for the contact form's render-time token (timing guard). */
  CMS_FORM_TIMING_SECRET: string;
  /** Where contact submissions are posted as a signed JSON webhook; unset turns the webhook off. */
  CMS_FORM_WEBHOOK_URL?: string;
  /** HMAC key of that webhook's `x-cms-signature` header. */
  CMS_FORM_WEBHOOK_SECRET?: string;
}
