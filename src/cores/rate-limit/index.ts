export {
  createSlidingWindowLimiter,
  type RateLimitDecision,
  type RateLimitKv,
  type RateLimitRule,
  type SlidingWindowLimiter,
  type SlidingWindowLimiterOptions,
} from "./sliding-window";
