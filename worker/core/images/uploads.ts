import { AppError, badRequest } from "../errors.ts";
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "../rules/index.ts";
import { imageDimensions } from "./dimensions.ts";
import type { ImageType } from "./keys.ts";

export interface ImageUpload {
  bytes: Uint8Array;
  type: ImageType;
}

/** The bytes each accepted format starts with. */
const SIGNATURES: ReadonlyArray<readonly [ImageType, readonly number[]]> = [
  ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
  ["image/gif", [0x47, 0x49, 0x46, 0x38]],
];

/** The format whose signature the bytes start with, if any (the first 16 bytes are enough). */
function signatureType(bytes: Uint8Array): ImageType | null {
  const match = SIGNATURES.find(([, signature]) => signature.every((byte, index) => bytes[index] === byte));
  return match ? match[0] : null;
}

/**
 * The type an image really is, judged by its bytes (never by its name or declared type): the format's
 * signature at the start and its end marker at the end, so truncated files are refused too. Null when it
 * is not a complete PNG, JPEG or GIF.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const endsWith = (...trailer: number[]) =>
    bytes.length >= trailer.length &&
    trailer.every((byte, index) => bytes[bytes.length - trailer.length + index] === byte);
  switch (signatureType(bytes)) {
    case "image/png": {
      // IHDR must come first and IEND (with its fixed CRC) last.
      const ihdr = bytes[12] === 0x49 && bytes[13] === 0x48 && bytes[14] === 0x44 && bytes[15] === 0x52;
      return ihdr && endsWith(0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82) ? "image/png" : null;
    }
    case "image/jpeg": {
      // Encoders may pad after the end-of-image marker; accept it within the last few bytes.
      const tail = bytes.subarray(Math.max(0, bytes.length - 16));
      for (let index = tail.length - 2; index >= 0; index--) {
        if (tail[index] === 0xff && tail[index + 1] === 0xd9) return "image/jpeg";
      }
      return null;
    }
    case "image/gif": {
      const version = (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61;
      return version && endsWith(0x3b) ? "image/gif" : null;
    }
    default:
      return null;
  }
}

/** Bytes the server fetched itself (a provider's artwork), judged by an upload's rules: null when they fail them. */
export function imageFromBytes(bytes: Uint8Array): ImageUpload | null {
  if (bytes.length > MAX_IMAGE_BYTES) return null;
  const type = sniffImageType(bytes);
  return type ? { bytes, type } : null;
}

/** Whether a form field holds a chosen file: browsers send an empty, nameless one for an untouched file input. */
export function isChosenFile(value: unknown): value is File {
  return value instanceof File && (value.size > 0 || value.name !== "");
}

/**
 * Reads one optional uploaded image: null when the field holds no chosen file (see `isChosenFile`). Throws the
 * caller's messages: 415 for anything that is not a PNG, JPEG or GIF by its bytes (its header must give its size),
 * 413 above 5 MB or above `MAX_IMAGE_PIXELS`.
 */
export async function readImageUpload(
  value: unknown,
  messages: { invalidType: string; tooLarge: string; tooManyPixels: string },
  field?: string,
): Promise<ImageUpload | null> {
  if (!isChosenFile(value)) return null;
  if (value.size > MAX_IMAGE_BYTES) {
    // Judge the type first from the first bytes only, so a huge non-image still reads as the wrong type.
    const head = new Uint8Array(await value.slice(0, 16).arrayBuffer());
    if (!signatureType(head)) throw new AppError(415, messages.invalidType, field);
    throw new AppError(413, messages.tooLarge, field);
  }
  const bytes = new Uint8Array(await value.arrayBuffer());
  const type = sniffImageType(bytes);
  const size = type && imageDimensions(bytes, type);
  if (!type || !size) throw new AppError(415, messages.invalidType, field);
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw new AppError(413, messages.tooManyPixels, field);
  return { bytes, type };
}

/**
 * A request's form. A body that is not one (another type, malformed multipart, none at all) is the client's
 * mistake: a 400, not the parser's error (both doors read forms through this).
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    // A browser's own form never fails here: if one ever does, the log is where anyone would learn of it.
    console.warn("A form could not be read", request.method, new URL(request.url).pathname, error);
    throw badRequest("Invalid form data.");
  }
}

/** A submitted form as its text fields and its files (the API and the page actions read forms the same way). */
export function splitFormData(form: FormData): { fields: Record<string, string>; files: Record<string, File> } {
  const fields: Record<string, string> = {};
  const files: Record<string, File> = {};
  for (const [name, value] of form) {
    if (typeof value === "string") fields[name] = value;
    else files[name] = value;
  }
  return { fields, files };
}
