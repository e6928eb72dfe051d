import type { RequestServices, Viewer } from "../../context.ts";
import { AppError } from "../errors.ts";
import {
  digestOf,
  type ImageKind,
  isChosenFile,
  keptImages,
  type NewImage,
  readImageUpload,
  type StagedImage,
  stageImages,
} from "../images/index.ts";
import { IMAGE_KINDS, type ImageField, imageMessages, KEPT_IMAGE_FIELDS } from "../rules/index.ts";

export const IMAGE_KIND_OF: Record<ImageField, ImageKind> = {
  moviePoster: "poster",
  bookCover: "cover",
  screenshot: "screenshot",
};

/** One image of a post: checked and not stored yet, or staged (by this request, or by an earlier try of its form). */
export type PostImage = { upload: NewImage } | { staged: StagedImage };

/**
 * A post's images by field, and the first image refused (wrong type, too large, no longer kept), which the write
 * reports after the text's rules, in the order the form's rules check them.
 */
export interface PostImages {
  images: Partial<Record<ImageField, PostImage>>;
  refused: AppError | null;
}

/** A checked upload as the write takes it: with its kind, the name it was chosen under and its digest. */
async function newImage(field: ImageField, file: unknown): Promise<NewImage | null> {
  const image = await readImageUpload(file, imageMessages(IMAGE_KINDS[field]), field);
  if (!image) return null;
  const fileName = isChosenFile(file) ? file.name : "";
  return { field, kind: IMAGE_KIND_OF[field], image, fileName, digest: await digestOf(image.bytes) };
}

/**
 * The images sent with an API request: each file checked by its bytes (PNG, JPEG or GIF, at most 5 MB), nothing
 * stored yet (the write stages them once everything else has passed).
 */
export async function sentImages(
  files: Partial<Record<ImageField, unknown>>,
  fields: readonly ImageField[],
): Promise<PostImages> {
  const result: PostImages = { images: {}, refused: null };
  for (const field of fields) {
    try {
      const upload = await newImage(field, files[field]);
      if (upload) result.images[field] = { upload };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.refused ??= error;
    }
  }
  return result;
}

/**
 * A form's images, kept for its retry (decision 030): each chosen file that passed (`sent`) is staged at once,
 * whatever else the form gets wrong, and a field without a new file takes the image its last try kept (`kept`, the
 * staged upload's id from the form's hidden field). So a form that comes back with an error names its images, and
 * the member never chooses them again. Its database work leaves at once, in the request's first round trip.
 */
export async function keepImages(
  services: RequestServices,
  viewer: Viewer,
  sent: PostImages,
  kept: Partial<Record<ImageField, string>>,
  fields: readonly ImageField[],
): Promise<PostImages> {
  const refusedField = sent.refused?.field;
  const keptIds = fields.flatMap((field) =>
    !sent.images[field] && field !== refusedField && kept[field] ? [kept[field] as string] : [],
  );
  const [found, staged] = await Promise.all([
    keptImages(services.db, viewer.id, keptIds),
    stageImages(
      services,
      services.env.IMAGES,
      viewer.id,
      Object.values(sent.images).flatMap((image) => ("upload" in image ? [image.upload] : [])),
    ),
  ]);
  const result: PostImages = { images: {}, refused: sent.refused };
  for (const image of staged) result.images[image.field] = { staged: image };
  for (const field of fields) {
    const id = kept[field];
    if (result.images[field] || field === refusedField || !id) continue;
    const image = found.find((candidate) => candidate.id === id && candidate.field === field);
    if (image) result.images[field] = { staged: image };
    else result.refused ??= notKept(field);
  }
  return result;
}

const notKept = (field: ImageField) => new AppError(400, imageMessages(IMAGE_KINDS[field]).notKept, field);

/** Each image's digest by its field: what a request's fingerprint counts of its images. */
export function imageDigests(images: PostImages["images"]): Partial<Record<ImageField, string>> {
  return Object.fromEntries(
    Object.entries(images).map(([field, image]) => [
      field,
      "upload" in image ? image.upload.digest : image.staged.digest,
    ]),
  );
}

/**
 * Every image of the write staged, ready to be claimed by it: the uploads (and `extra` ones the server fetched) are
 * staged now. An image its form kept that another write has claimed since cannot be shown twice: 400 at its field.
 */
export async function stagedForWrite(
  services: RequestServices,
  viewer: Viewer,
  images: PostImages["images"],
  extra: readonly NewImage[] = [],
): Promise<Partial<Record<ImageField, StagedImage>>> {
  const entries = Object.entries(images) as Array<[ImageField, PostImage]>;
  const taken = entries.find(([, image]) => "staged" in image && image.staged.claimed);
  if (taken) throw notKept(taken[0]);
  const uploads = [...entries.flatMap(([, image]) => ("upload" in image ? [image.upload] : [])), ...extra];
  const staged = await stageImages(services, services.env.IMAGES, viewer.id, uploads);
  const result: Partial<Record<ImageField, StagedImage>> = {};
  for (const [field, image] of entries) if ("staged" in image) result[field] = image.staged;
  for (const image of staged) result[image.field] = image;
  return result;
}

/** A picture the server fetched itself (a provider's poster or cover), as an upload of its field. */
export async function fetchedImage(field: ImageField, image: NewImage["image"]): Promise<NewImage> {
  return { field, kind: IMAGE_KIND_OF[field], image, fileName: "", digest: await digestOf(image.bytes) };
}

/** The staged uploads a form's hidden fields name (`KEPT_IMAGE_FIELDS`), by image field. */
export function keptIdsIn(fields: Record<string, string>): Partial<Record<ImageField, string>> {
  return Object.fromEntries(
    (Object.entries(KEPT_IMAGE_FIELDS) as Array<[ImageField, string]>).flatMap(([field, name]) =>
      fields[name] ? [[field, fields[name]]] : [],
    ),
  );
}

/** What a form that comes back shows of the images it kept: each staged image's id and the name it was chosen under. */
export interface KeptImage {
  id: string;
  fileName: string;
}

export function keptImagesOf(images: PostImages["images"]): Partial<Record<ImageField, KeptImage>> {
  return Object.fromEntries(
    Object.entries(images).flatMap(([field, image]) =>
      "staged" in image && !image.staged.claimed
        ? [[field, { id: image.staged.id, fileName: image.staged.fileName }]]
        : [],
    ),
  );
}
