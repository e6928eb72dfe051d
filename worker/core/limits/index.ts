export {
  type Attempt,
  type LimitedAction,
  limitAttempt,
  RATE_LIMIT_MESSAGE,
  RATE_LIMIT_RETRY_SECONDS,
} from "./limits.ts";
export { networkOf } from "./networks.ts";
