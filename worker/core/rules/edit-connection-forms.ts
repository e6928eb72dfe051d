import { CONNECTION_LIMITS, image, list, NEED_TITLES_OR_CONTEXT, tooLong } from "./connections.ts";
import { type FormRules, required } from "./forms.ts";
import { kindRule } from "./kinds.ts";

const { name, context } = CONNECTION_LIMITS;

type EditField = "context" | "kind" | "tags" | "bookAuthor" | "screenshot";

const editRules = (textOnly: boolean): FormRules<EditField> => ({
  fields: { context: "text", kind: "text", tags: "list", bookAuthor: "name", screenshot: "file" },
  rules: [
    tooLong("context", "Context", context),
    kindRule("kind"),
    ...list("tags", "Tags"),
    tooLong("bookAuthor", "Book author", name),
    // A text-only post is its context: it cannot be emptied.
    ...(textOnly ? [required<EditField>(["context"], NEED_TITLES_OR_CONTEXT)] : []),
    ...image("screenshot"),
  ],
});

/** An edit (SPEC.md §5): titles are read-only; a text-only post keeps some context. */
export const EDIT_CONNECTION_FORMS = { full: editRules(false), textOnly: editRules(true) } as const;
