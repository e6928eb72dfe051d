import { COMMENT_TEXT_ATTRIBUTES } from "./comment-text.ts";
import { atMost, type FormRules, required } from "./forms.ts";

/** SPEC.md §5 comment messages (API.md's too). */
export const COMMENT_TEXT_MESSAGES = {
  empty: "Comment cannot be empty.",
  editEmpty: "Comment text cannot be empty.",
  tooLong: "Comment cannot be more than 1000 characters.",
} as const;

const commentRules = (emptyMessage: string): FormRules<"text"> => ({
  fields: { text: "text" },
  rules: [
    required(["text"], emptyMessage),
    atMost("text", COMMENT_TEXT_ATTRIBUTES.maxLength, COMMENT_TEXT_MESSAGES.tooLong),
  ],
});

export const COMMENT_FORMS = {
  add: commentRules(COMMENT_TEXT_MESSAGES.empty),
  edit: commentRules(COMMENT_TEXT_MESSAGES.editEmpty),
} as const;
