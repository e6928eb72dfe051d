import { COMMENT_TEXT_ATTRIBUTES } from "./comment-text.ts";
import { atMost, type FormRules, required } from "./forms.ts";

/** SPEC.md §5 comment messages (API.md's too). */
export const COMMENT_TEXT_MESSAGES = {
  empty: "Comment cannot be empty.",
  editEmpty: "Comment text cannot be empty.",
  tooLong: "Comment cannot be more than 1000 characters.",
} as const;

// A comment's length is counted in characters as people see them (code points), not UTF-16 units.
const characters = (text: string) => [...text].length;

const commentRules = (emptyMessage: string): FormRules<"text"> => ({
  fields: { text: "text" },
  rules: [
    required(["text"], emptyMessage),
    atMost("text", COMMENT_TEXT_ATTRIBUTES.maxLength, COMMENT_TEXT_MESSAGES.tooLong, characters),
  ],
});

export const COMMENT_FORMS = {
  add: commentRules(COMMENT_TEXT_MESSAGES.empty),
  edit: commentRules(COMMENT_TEXT_MESSAGES.editEmpty),
} as const;
