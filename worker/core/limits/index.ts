export { type Attempt, type LimitedAction, limitAttempt, RATE_LIMIT_MESSAGE } from "./limits.ts";
export { networkOf } from "./networks.ts";
