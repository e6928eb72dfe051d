/** SPEC.md §9: a comment is at most 1000 characters. */
export const COMMENT_MAX = 1000;

/**
 * The comment box's HTML constraints, as data: the cards' comment box spreads them without loading the rules
 * (the feed's bundle stays small), the comment rules (comments.ts) are built from them, and a unit test checks
 * the two agree.
 */
export const COMMENT_TEXT_ATTRIBUTES = { required: true, maxLength: COMMENT_MAX } as const;
