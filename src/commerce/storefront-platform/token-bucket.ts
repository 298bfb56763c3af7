/** Time as the rate limiter sees it; injected so tests run in simulated time. */
export interface PlatformClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

/**
 * The real clock: `Date.now` and `setTimeout`.
 *
 * @example
 * const bucket = new TokenBucket(100, 10_000, SYSTEM_CLOCK)
 */
export const SYSTEM_CLOCK: PlatformClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * A token bucket that refills continuously (`capacity` tokens per `windowMs`, no fixed window)
 * and serves waiters strictly first come, first served, so no caller starves. Levels are kept in
 * integer units of 1/`windowMs` token, so waits are exact milliseconds.
 *
 * @example
 * const bucket = new TokenBucket(5, 60_000, SYSTEM_CLOCK)
 * await bucket.acquire() // resolves when a token is free
 */
export class TokenBucket {
  readonly capacity: number;
  readonly windowMs: number;
  #clock: PlatformClock;
  #level: number;
  #updatedAt: number;
  #waiting: Array<() => void> = [];
  #pumping = false;

  constructor(capacity: number, windowMs: number, clock: PlatformClock) {
    this.capacity = capacity;
    this.windowMs = windowMs;
    this.#clock = clock;
    this.#level = capacity * windowMs;
    this.#updatedAt = clock.now();
  }

  /** Whole tokens available right now (for diagnostics and tests). */
  get available(): number {
    this.#refill();
    return Math.floor(this.#level / this.windowMs);
  }

  /** Resolves once a token has been taken for the caller. */
  acquire(): Promise<void> {
    // Taking at once is only fair when nobody is queued ahead.
    if (this.#waiting.length === 0 && this.#tryTake()) return Promise.resolve();
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      if (!this.#pumping) void this.#pump();
    });
  }

  #refill(): void {
    const now = this.#clock.now();
    const elapsed = Math.max(0, now - this.#updatedAt);
    this.#level = Math.min(this.capacity * this.windowMs, this.#level + elapsed * this.capacity);
    this.#updatedAt = now;
  }

  #tryTake(): boolean {
    this.#refill();
    if (this.#level < this.windowMs) return false;
    this.#level -= this.windowMs;
    return true;
  }

  async #pump(): Promise<void> {
    this.#pumping = true;
    try {
      while (this.#waiting.length > 0) {
        if (this.#tryTake()) {
          this.#waiting.shift()?.();
          continue;
        }
        await this.#clock.sleep(Math.ceil((this.windowMs - this.#level) / this.capacity));
      }
    } finally {
      this.#pumping = false;
    }
  }
}
