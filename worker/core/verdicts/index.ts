export {
  CLEAR_WIN_MIN_VOTES,
  type PairVerdict,
  pairVerdictsColumn,
  type RankedPair,
  rankingReads,
  toPairVerdicts,
  toVerdict,
  type Verdict,
  verdictColumns,
  verdictRankings,
} from "./tallies.ts";
export { castVote, toCastVote, verdictVoteSchema, votesCastBy, withdrawVote } from "./votes.ts";
