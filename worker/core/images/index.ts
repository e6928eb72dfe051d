export { type ImageKind, imageUrl, newImageKey } from "./keys.ts";
export { type ImageUpload, readImageUpload, sniffImageType, splitFormData } from "./uploads.ts";
