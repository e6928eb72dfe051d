import { blankOrOneOf, type Rule } from "./forms.ts";

/** API.md "Connection kinds and the verdict": what links the film and the book. */
export const CONNECTION_KINDS = ["adaptation", "theme", "cameo", "other"] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

export const KIND_LABELS: Record<ConnectionKind, string> = {
  adaptation: "Adaptation",
  theme: "Theme",
  cameo: "Cameo",
  other: "Other",
};

/** "Book or film?": the three answers a member can give on an adaptation pair. */
export const VERDICT_CHOICES = ["book", "film", "tie"] as const;
export type VerdictChoice = (typeof VERDICT_CHOICES)[number];

export const VERDICT_MESSAGES = {
  onlyAdaptations: "Only adaptations have a verdict.",
  invalidChoice: "Choice must be book, film or tie.",
  failed: "Vote failed",
} as const;

export const KIND_INVALID = "Kind must be adaptation, theme, cameo or other.";

/** The kind field of the create and edit forms: blank means `other`. */
export const kindRule = <Name extends string>(field: Name): Rule<Name> =>
  blankOrOneOf(field, CONNECTION_KINDS, KIND_INVALID);
