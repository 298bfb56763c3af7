export { createSlidingWindowLimiter, type RateLimitKv, type SlidingWindowLimiter, type SlidingWindowLimiterOptions } from "./sliding-window";
export { createDurableObjectLimiter, type DurableObjectLimiterOptions, type RateLimitOp, type RateLimitStub } from "./durable-object-limiter";
export type { RateLimiter, RateLimiterFactory, RateLimiterSpec } from "./limiter";
export { checkRule, decideWindow, timesInWindow, type RateLimitDecision, type RateLimitRule } from "./sliding-log";
