import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
} from "../../worker/core/account/schemas.ts";
import { loginSchema, signupSchema } from "../../worker/core/auth/schemas.ts";
import { createConnectionSchema, updateConnectionSchema } from "../../worker/core/connections/schemas.ts";
import { reportFieldsSchema, resolveSchema } from "../../worker/core/moderation/schemas.ts";
import { profileUpdateSchema } from "../../worker/core/people/schemas.ts";
import {
  attributesOf,
  CHANGE_PASSWORD_FORM,
  COMMENT_FORMS,
  COMMENT_TEXT_ATTRIBUTES,
  CREATE_CONNECTION_FORM,
  DELETE_ACCOUNT_FORM,
  EDIT_CONNECTION_FORMS,
  EMAIL_PATTERN,
  FORGOT_PASSWORD_FORM,
  type FormRules,
  firstFailure,
  LOGIN_FORM,
  PROFILE_FORM,
  REPORT_FORM,
  RESET_PASSWORD_FORM,
  RESOLVE_FORM,
  readForm,
  SIGNUP_FORM,
} from "../../worker/core/rules/index.ts";

// Text a person might type: blanks, values around each limit, lists, years, addresses, anything at all.
const typed = fc.oneof(
  fc.constantFrom("", "   ", "ab", "good_name", "bad name", "a@b.co", " a@b.co ", "not-an-email", "secret12"),
  fc.constantFrom("spam", " spoilers ", "Spam", "other", "dismiss", "remove", " suspend", "ban"),
  fc.constantFrom("999", "1999", "2101", "19x9", "a, b,, c", " , ", "x".repeat(21), "x".repeat(101)),
  fc.constantFrom("603", "tt0133093", "tt013309", "Q42", "q42", "OL45804W", "OL45804M", "OL45804", " Q42 "),
  fc.nat({ max: 5002 }).map((n) => "x".repeat(n)),
  // Text that is only invisible, that hides a control character, or a name that reads backwards; passwords at
  // their maximum (issue 18).
  fc.constantFrom("\u200B", " \u200B\u200D\uFEFF ", "\u2800", "\uFE0F", "a\u200B", "\u200Bword\u2060", "❤\uFE0F"),
  fc.constantFrom("nul\u0000byte", "bell\u0007", "\u001b[31m", "c1\u0085", "tab\tand\nline", "del\u007F"),
  fc.constantFrom("\u202Eevil", "name\u202C", "\u2067iso\u2069", "\u202E\u200B", "tag\u202E, other"),
  fc.constantFrom("p".repeat(128), "p".repeat(129)),
  fc.array(fc.constantFrom("x".repeat(101), "tag"), { maxLength: 22 }).map((items) => items.join(",")),
  fc.string(),
);

/** What the server answers for a form post: the schema's first issue, at its path. */
function serverAnswer(schema: z.ZodType, fields: Record<string, string>) {
  const result = schema.safeParse(fields);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { message: issue?.message, field: issue?.path.join(".") || undefined };
}

/** What the browser shows before sending the same form. */
function browserAnswer(form: FormRules, fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return firstFailure(form, readForm(form, data));
}

const textFields = (form: FormRules) =>
  Object.keys(form.fields).filter((name) => form.fields[name] !== "file") as string[];

describe.each([
  ["signup", SIGNUP_FORM, signupSchema],
  ["login", LOGIN_FORM, loginSchema],
  ["create connection", CREATE_CONNECTION_FORM, createConnectionSchema],
  ["edit connection", EDIT_CONNECTION_FORMS.full, updateConnectionSchema(false)],
  ["edit text-only connection", EDIT_CONNECTION_FORMS.textOnly, updateConnectionSchema(true)],
  ["profile", PROFILE_FORM, profileUpdateSchema],
  // The account forms' rules, as the server runs them once the current password or the reset link is checked.
  ["change password", CHANGE_PASSWORD_FORM, changePasswordSchema],
  ["forgot password", FORGOT_PASSWORD_FORM, forgotPasswordSchema],
  ["reset password", RESET_PASSWORD_FORM, resetPasswordSchema],
  ["delete account", DELETE_ACCOUNT_FORM, deleteAccountSchema],
  ["report", REPORT_FORM, reportFieldsSchema],
  ["resolve", RESOLVE_FORM, resolveSchema],
] as const)("the %s form", (_name, form, schema) => {
  it("shows in the browser the message the server answers, at the same field", () => {
    const names = textFields(form);
    fc.assert(
      fc.property(fc.tuple(...names.map(() => typed)), (values) => {
        const fields = Object.fromEntries(names.map((name, index) => [name, values[index] ?? ""]));
        expect(browserAnswer(form, fields)).toEqual(serverAnswer(schema, fields));
      }),
      { numRuns: 400 },
    );
  });
});

describe("field constraints", () => {
  it("are the comment rules' own, for the cards' comment box that spreads them without the rules", () => {
    expect(attributesOf(COMMENT_FORMS.add, "text")).toEqual(COMMENT_TEXT_ATTRIBUTES);
    expect(attributesOf(COMMENT_FORMS.edit, "text")).toEqual(COMMENT_TEXT_ATTRIBUTES);
  });

  it("come from the rules: lengths, patterns, required fields and accepted files", () => {
    expect(attributesOf(SIGNUP_FORM, "username")).toEqual({
      required: true,
      minLength: 3,
      maxLength: 20,
      pattern: "[A-Za-z0-9_]+",
    });
    expect(attributesOf(CREATE_CONNECTION_FORM, "movieYear")).toEqual({
      inputMode: "numeric",
      maxLength: 4,
      pattern: "[0-9]{4}",
    });
    expect(attributesOf(CREATE_CONNECTION_FORM, "movieTitle")).toEqual({ maxLength: 200 });
    expect(attributesOf(PROFILE_FORM, "profilePicture")).toEqual({ accept: "image/png,image/jpeg,image/gif" });
    expect(attributesOf(CHANGE_PASSWORD_FORM, "currentPassword")).toEqual({ required: true });
    expect(attributesOf(CHANGE_PASSWORD_FORM, "newPassword")).toEqual({ minLength: 6, maxLength: 128 });
    expect(attributesOf(RESET_PASSWORD_FORM, "password")).toEqual({ minLength: 6, maxLength: 128 });
    expect(attributesOf(FORGOT_PASSWORD_FORM, "email")).toEqual({ required: true });
  });

  it("check e-mail addresses exactly as zod's z.email() did before the rule was shared", () => {
    const zodEmail = z.email();
    const candidates = fc.oneof(
      fc.emailAddress(),
      fc.string(),
      fc.constantFrom("a@b.co", "a-b@c-d.ef", "-a@b.co", "a.@b.co", ".a@b.co", "a@-b.co", "a@b.c", "it's@x.io"),
    );
    fc.assert(
      fc.property(candidates, (address) => {
        expect(EMAIL_PATTERN.test(address)).toBe(zodEmail.safeParse(address).success);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("connection kind", () => {
  it("accepts a listed kind or none, and names the field for anything else, in the browser and on the server", () => {
    const fields = { movieTitle: "Jaws", bookTitle: "Jaws" };
    for (const form of [CREATE_CONNECTION_FORM, EDIT_CONNECTION_FORMS.full]) {
      expect(browserAnswer(form, { ...fields, kind: "" })).toBeNull();
      expect(browserAnswer(form, { ...fields, kind: "cameo" })).toBeNull();
      expect(browserAnswer(form, { ...fields, kind: "sequel" })).toEqual({
        message: "Kind must be adaptation, theme, cameo or other.",
        field: "kind",
      });
    }
    const server = createConnectionSchema.safeParse({ ...fields, kind: "Adaptation" });
    expect(server.success).toBe(false);
    expect(server.error?.issues[0]).toMatchObject({
      message: "Kind must be adaptation, theme, cameo or other.",
      path: ["kind"],
    });
  });
});

describe("external ids", () => {
  const fields = { movieTitle: "Dune", bookTitle: "Dune" };
  it.each([
    ["movieTmdbId", ["438631", "0438631"], ["tt1160419", "12a", "-5", "1".repeat(11)], "TMDB ID must be a number."],
    [
      "movieImdbId",
      ["tt1160419", "tt0123456789"],
      ["1160419", "TT1160419", "tt123456", "tt12345678901"],
      "IMDb ID must look like tt0123456.",
    ],
    ["movieWikidataId", ["Q42", "Q2"], ["42", "q42", "Q", "Q4a"], "Wikidata ID must look like Q42."],
    ["bookWikidataId", ["Q190192"], ["P31", "Q-1"], "Wikidata ID must look like Q42."],
    [
      "bookOpenLibraryId",
      ["OL45804W", "OL7353617M"],
      ["OL45804", "ol45804w", "OL45804A", "45804W"],
      "Open Library ID must look like OL45804W.",
    ],
  ])("%s: blank or well formed, else its message at its field", (field, good, bad, message) => {
    for (const value of ["", ...good]) {
      expect(browserAnswer(CREATE_CONNECTION_FORM, { ...fields, [field]: value })).toBeNull();
      expect(serverAnswer(createConnectionSchema, { ...fields, [field]: value })).toBeNull();
    }
    for (const value of bad) {
      expect(browserAnswer(CREATE_CONNECTION_FORM, { ...fields, [field]: value })).toEqual({ message, field });
      expect(serverAnswer(createConnectionSchema, { ...fields, [field]: value })).toEqual({ message, field });
    }
  });

  it("reads into the ids a post matches on (TMDB ids without leading zeros)", () => {
    const parsed = createConnectionSchema.parse({
      ...fields,
      movieTmdbId: "0438631",
      movieImdbId: "tt1160419",
      bookOpenLibraryId: "OL893415W",
      bookWikidataId: "Q190192",
    });
    expect(parsed.movieExternalIds).toEqual({ tmdb: "438631", imdb: "tt1160419", wikidata: null });
    expect(parsed.bookExternalIds).toEqual({ openLibrary: "OL893415W", wikidata: "Q190192" });
  });
});
