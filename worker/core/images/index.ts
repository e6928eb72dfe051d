export { addMissingVariants, type ConversionReport, type ListedBucket } from "./convert.ts";
export { apiImageUrl, type ImageKind, imageUrl, memberPictureFields } from "./keys.ts";
export {
  claimImages,
  digestOf,
  keptImageFile,
  keptImages,
  type NewImage,
  type StagedImage,
  stagedImagesDeletion,
  stageImages,
  sweepStagedImages,
} from "./staging.ts";
export {
  type ImageBucket,
  imageVariantKeys,
  isUploadedImageKey,
  type MakeCopies,
  originalImageKey,
  removeImages,
  storeImage,
} from "./store.ts";
export {
  type ImageUpload,
  imageFromBytes,
  isChosenFile,
  readFormData,
  readImageUpload,
  sniffImageType,
  splitFormData,
} from "./uploads.ts";
export { makeVariants, WORKER_MAX_VARIANT_PIXELS } from "./variants.ts";
