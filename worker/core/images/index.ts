export { apiImageUrl, type ImageKind, imageUrl, memberPictureFields } from "./keys.ts";
export { type ImageBucket, storeImage } from "./store.ts";
export {
  type ImageUpload,
  imageFromBytes,
  isChosenFile,
  readImageUpload,
  sniffImageType,
  splitFormData,
} from "./uploads.ts";
