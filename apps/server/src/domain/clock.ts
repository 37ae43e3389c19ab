/** The time source of every rule; tests inject a fixed or stepping clock. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
