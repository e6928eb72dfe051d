/**
 * A form's rules, declared once for the server and the browser (docs/decisions/013). The server's schemas run
 * them after reading a request; the pages spread their HTML constraints onto the fields and run them before a
 * form is sent. Rules are checked in order and the first broken one is the answer (SPEC.md §5's order), at the
 * field it names.
 */

import { characterCount } from "./characters.ts";
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from "./limits.ts";
import { listItems } from "./lists.ts";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, readName, readText } from "./text.ts";

/**
 * How a field is read before the rules see it (text.ts): trimmed text (invisible characters at the ends count as
 * white space), a name (the same, without bidirectional controls), text kept as typed (passwords), a
 * comma-separated list (entries read as names, inner white space collapsed, empties dropped), or a file.
 */
export type FieldKind = "text" | "name" | "raw" | "list" | "file";

/** A field's value as the rules see it; an absent field is `undefined`, and a rule leaves it alone. */
export type FieldValue = string | readonly string[] | File | undefined;

export type FormValues<Name extends string = string> = Partial<Record<Name, FieldValue>>;

/** The HTML constraints a rule puts on its field (spread onto the input). */
export interface FieldAttributes {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  accept?: string;
  inputMode?: "numeric";
}

export interface Rule<Name extends string = string> {
  readonly message: string;
  readonly attributes?: Partial<Record<Name, FieldAttributes>>;
  /** The field where the values break this rule, or null when they keep it. */
  readonly failsAt: (values: FormValues<Name>) => Name | null;
}

export interface FormRules<Name extends string = string> {
  readonly fields: Readonly<Record<Name, FieldKind>>;
  readonly rules: readonly Rule<Name>[];
}

/** What a user is told: the message, and the field it belongs to (none: the whole form). */
export interface FieldError {
  message: string;
  field?: string;
}

/**
 * The first rule the values break, at its field; null when they keep every rule. Before the form's own rules, no
 * text a form keeps (everything but passwords and files) may hold a control character: a NUL would cut it short.
 */
export function firstFailure<Name extends string>(form: FormRules<Name>, values: FormValues<Name>): FieldError | null {
  const control = controlCharacterField(form, values);
  if (control) return { message: CONTROL_CHARACTERS_MESSAGE, field: control };
  for (const rule of form.rules) {
    const field = rule.failsAt(values);
    if (field !== null) return { message: rule.message, field };
  }
  return null;
}

function controlCharacterField<Name extends string>(form: FormRules<Name>, values: FormValues<Name>): Name | null {
  for (const [name, kind] of Object.entries(form.fields) as [Name, FieldKind][]) {
    if (kind === "raw" || kind === "file") continue;
    const value = values[name];
    const texts = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
    if (texts.some(hasControlCharacters)) return name;
  }
  return null;
}

/** The first rule the values break at `field` (the rules of other fields are not asked); null when none. */
export function firstFailureAt<Name extends string>(
  form: FormRules<Name>,
  values: FormValues<Name>,
  field: Name,
): FieldError | null {
  const rule = form.rules.find((candidate) => candidate.failsAt(values) === field);
  return rule ? { message: rule.message, field } : null;
}

/** A field's HTML constraints: every rule's attributes for it, merged. */
export function attributesOf<Name extends string>(form: FormRules<Name>, name: Name): FieldAttributes {
  return Object.assign({}, ...form.rules.map((rule) => rule.attributes?.[name]));
}

/** A submitted form's fields, read the way the server's schemas read them. */
export function readForm<Name extends string>(form: FormRules<Name>, data: FormData): FormValues<Name> {
  const values: FormValues<Name> = {};
  for (const [name, kind] of Object.entries(form.fields) as [Name, FieldKind][]) {
    const value = data.get(name);
    if (kind === "file") values[name] = value instanceof File ? value : undefined;
    else {
      const text = typeof value === "string" ? value : "";
      values[name] = readField(kind, text);
    }
  }
  return values;
}

/** A text field's value as `kind` reads it; the server's schemas read their fields with the same function. */
export function readField(kind: Exclude<FieldKind, "file">, text: string): string | string[] {
  if (kind === "text") return readText(text);
  if (kind === "name") return readName(text);
  if (kind === "list") return listItems(text);
  return text;
}

const textOf = (value: FieldValue) => (typeof value === "string" ? value : "");
const isText = (value: FieldValue): value is string => typeof value === "string";

/** Every field named must be filled in; the message belongs to the first empty one. */
export function required<Name extends string>(fields: readonly Name[], message: string): Rule<Name> {
  return {
    message,
    attributes: Object.fromEntries(fields.map((field) => [field, { required: true }])) as Rule<Name>["attributes"],
    failsAt: (values) => fields.find((field) => values[field] === "") ?? null,
  };
}

/**
 * The field holds one of `choices` (a group of radio buttons): nothing chosen, or anything else sent, breaks it.
 */
export function oneOf<Name extends string>(field: Name, choices: readonly string[], message: string): Rule<Name> {
  return {
    message,
    attributes: { [field]: { required: true } } as Rule<Name>["attributes"],
    failsAt: (values) => (isText(values[field]) && !choices.includes(textOf(values[field])) ? field : null),
  };
}

/** Both fields of a pair filled in, or else the other field: the message belongs to the pair's first empty one. */
export function pairOr<Name extends string>(pair: readonly [Name, Name], other: Name, message: string): Rule<Name> {
  return {
    message,
    failsAt: (values) => {
      if ((values[pair[0]] && values[pair[1]]) || values[other]) return null;
      return pair.find((field) => !values[field]) ?? null;
    },
  };
}

export function lengthBetween<Name extends string>(field: Name, min: number, max: number, message: string): Rule<Name> {
  return {
    message,
    attributes: { [field]: { minLength: min, maxLength: max } } as Rule<Name>["attributes"],
    failsAt: (values) => {
      const length = characterCount(textOf(values[field]));
      return isText(values[field]) && (length < min || length > max) ? field : null;
    },
  };
}

export function atLeast<Name extends string>(field: Name, min: number, message: string): Rule<Name> {
  return {
    message,
    attributes: { [field]: { minLength: min } } as Rule<Name>["attributes"],
    failsAt: (values) => (isText(values[field]) && characterCount(textOf(values[field])) < min ? field : null),
  };
}

/** At most `max` characters. */
export function atMost<Name extends string>(field: Name, max: number, message: string): Rule<Name> {
  return {
    message,
    attributes: { [field]: { maxLength: max } } as Rule<Name>["attributes"],
    failsAt: (values) => (isText(values[field]) && characterCount(textOf(values[field])) > max ? field : null),
  };
}

/** The whole value matches `source` (a pattern as the HTML attribute writes it: anchored at both ends). */
export function matching<Name extends string>(field: Name, source: string, message: string): Rule<Name> {
  const pattern = new RegExp(`^(?:${source})$`);
  return {
    message,
    attributes: { [field]: { pattern: source } } as Rule<Name>["attributes"],
    failsAt: (values) => (isText(values[field]) && !pattern.test(textOf(values[field])) ? field : null),
  };
}

/** Blank, or the whole value matches `source` (an optional field with a shape, as `matching` writes it). */
export function blankOrMatching<Name extends string>(field: Name, source: string, message: string): Rule<Name> {
  const pattern = new RegExp(`^(?:${source})$`);
  return {
    message,
    attributes: { [field]: { pattern: source } } as Rule<Name>["attributes"],
    failsAt: (values) => {
      const value = values[field];
      return isText(value) && value !== "" && !pattern.test(value) ? field : null;
    },
  };
}

/** Filled-in text that matches `pattern` (a check the browser's attributes cannot express, such as e-mail). */
export function shaped<Name extends string>(field: Name, pattern: RegExp, message: string): Rule<Name> {
  return {
    message,
    failsAt: (values) => (isText(values[field]) && !pattern.test(textOf(values[field])) ? field : null),
  };
}

/** The field, where sent, repeats `other` (a confirmation). */
export function sameAs<Name extends string>(field: Name, other: Name, message: string): Rule<Name> {
  return {
    message,
    failsAt: (values) => (values[field] !== undefined && values[field] !== values[other] ? field : null),
  };
}

/** A year given as digits, within `min`..`max`, or left empty. */
export function yearBetween<Name extends string>(field: Name, min: number, max: number, message: string): Rule<Name> {
  const digits = String(max).length;
  return {
    message,
    attributes: {
      [field]: { inputMode: "numeric", maxLength: digits, pattern: `[0-9]{${digits}}` },
    } as Rule<Name>["attributes"],
    failsAt: (values) => {
      const text = textOf(values[field]);
      if (text === "" || (/^\d{1,4}$/.test(text) && Number(text) >= min && Number(text) <= max)) return null;
      return field;
    },
  };
}

/** At most `maxItems` entries in a list field. */
export function listAtMost<Name extends string>(field: Name, maxItems: number, message: string): Rule<Name> {
  return {
    message,
    failsAt: (values) => {
      const items = values[field];
      return Array.isArray(items) && items.length > maxItems ? field : null;
    },
  };
}

/** Every entry of a list field at most `maxLength` characters long. */
export function listItemsAtMost<Name extends string>(field: Name, maxLength: number, message: string): Rule<Name> {
  return {
    message,
    failsAt: (values) => {
      const items = values[field];
      return Array.isArray(items) && items.some((item: string) => characterCount(item) > maxLength) ? field : null;
    },
  };
}

/** A chosen file's declared type is one of `types` (the server then judges it again by its bytes). */
export function fileType<Name extends string>(field: Name, types: readonly string[], message: string): Rule<Name> {
  return {
    message,
    attributes: { [field]: { accept: types.join(",") } } as Rule<Name>["attributes"],
    failsAt: (values) => {
      const file = values[field];
      return file instanceof File && (file.size > 0 || file.name) && !types.includes(file.type) ? field : null;
    },
  };
}

export function fileAtMost<Name extends string>(field: Name, maxBytes: number, message: string): Rule<Name> {
  return {
    message,
    failsAt: (values) => {
      const file = values[field];
      return file instanceof File && file.size > maxBytes ? field : null;
    },
  };
}

/** An optional image field: PNG, JPEG or GIF, at most 5 MB, with the caller's messages. */
export function imageRules<Name extends string>(
  field: Name,
  messages: { invalidType: string; tooLarge: string },
): Rule<Name>[] {
  return [fileType(field, IMAGE_TYPES, messages.invalidType), fileAtMost(field, MAX_IMAGE_BYTES, messages.tooLarge)];
}

/** Blank, or one of the values given (a select's options). */
export function blankOrOneOf<Name extends string>(field: Name, values: readonly string[], message: string): Rule<Name> {
  return {
    message,
    failsAt: (submitted) => {
      const value = submitted[field];
      return isText(value) && value !== "" && !values.includes(value) ? field : null;
    },
  };
}
