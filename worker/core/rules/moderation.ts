import { atMost, type FormRules, oneOf } from "./forms.ts";

/** API.md "Reports and moderation": what can be reported, why, and what a moderator can do about it. */
export const REPORT_TARGET_TYPES = ["connection", "comment", "user"] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Whether a report may be about this kind of thing (a connection, a comment or a member). */
export const isTargetType = (value: string): value is ReportTargetType =>
  (REPORT_TARGET_TYPES as readonly string[]).includes(value);

export const REPORT_REASONS = ["spam", "harassment", "spoilers", "hateful", "sexual", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const RESOLVE_ACTIONS = ["dismiss", "remove", "suspend"] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

export const REPORT_STATUSES = ["open", "resolved"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** How the report form and the moderation queue name each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  harassment: "Harassment or bullying",
  spoilers: "Spoilers without warning",
  hateful: "Hateful content",
  sexual: "Sexual content",
  other: "Something else",
};

export const REPORT_NOTE_MAX = 500;

export const MODERATION_MESSAGES = {
  badTarget: "Report target must be a connection, comment or user.",
  chooseReason: "Please choose a reason.",
  noteTooLong: `Note cannot be more than ${REPORT_NOTE_MAX} characters.`,
  ownContent: "You cannot report your own content.",
  alreadyReported: "You have already reported this.",
  reportReceived: "Thanks for telling us. A moderator will review this report.",
  moderatorsOnly: "Moderators only.",
  invalidReportId: "Invalid Report ID format",
  reportNotFound: "Report not found.",
  badStatus: "Status must be open or resolved.",
  badAction: "Action must be dismiss, remove or suspend.",
  onlyContentRemovable: "Only connections and comments can be removed.",
  cannotSuspendSelf: "You cannot suspend yourself.",
  suspended: "This account is suspended.",
} as const;

/** The report form (and the API's `reason` and `note`): a reason from the list, then the note's length. */
export const REPORT_FORM: FormRules<"reason" | "note"> = {
  fields: { reason: "text", note: "text" },
  rules: [
    oneOf("reason", REPORT_REASONS, MODERATION_MESSAGES.chooseReason),
    atMost("note", REPORT_NOTE_MAX, MODERATION_MESSAGES.noteTooLong),
  ],
};

/** A moderator's resolution of a case: one of the three actions, and a note for the audit log. */
export const RESOLVE_FORM: FormRules<"action" | "note"> = {
  fields: { action: "text", note: "text" },
  rules: [
    oneOf("action", RESOLVE_ACTIONS, MODERATION_MESSAGES.badAction),
    atMost("note", REPORT_NOTE_MAX, MODERATION_MESSAGES.noteTooLong),
  ],
};
