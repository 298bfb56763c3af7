export { deleteMedia, type DeleteMediaOptions } from "./delete-media";
export { IMAGE_EXTENSIONS, type ImageType, type SniffedImage, type SniffRefusal, type SniffResult } from "./image-types";
export { mediaBindings, type MediaEnv } from "./media-env";
export { createMediaKey, isMediaScope, mediaUrl, parseMediaKey } from "./media-key";
export { mediaMetaByUrl, resolveImageAlt, type MediaMeta } from "./media-meta";
export { findMediaReferences, mentions, type MediaReference, type MediaReferenceTarget } from "./media-references";
export { MAX_MEDIA_TEXT, updateMediaText } from "./media-text";
export { assertImageBytes, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, sniffImage, type SniffImageOptions } from "./sniff-image";
export { storeImage, type StoredImage, type StoreImageOptions } from "./store-image";
