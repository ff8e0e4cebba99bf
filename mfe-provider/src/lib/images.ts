import { IMAGE_EXTENSIONS, IMAGE_TYPES, ProviderMessages, UPLOAD_MAX_BYTES } from '@altmed/contracts/web';

type ImageType = (typeof IMAGE_TYPES)[number];

const TYPE_OF_EXTENSION: Record<string, ImageType> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };
const isImageType = (type: string): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type);

/** What is wrong with a chosen image (SPEC §5: JPG, JPEG or PNG; at most 5 MB), or null. The server checks the bytes again. */
export function imageFileError(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return ProviderMessages.onlyImages;
  if (file.type && !isImageType(file.type)) return ProviderMessages.onlyImages;
  if (file.size > UPLOAD_MAX_BYTES) return ProviderMessages.imageTooLarge;
  return null;
}

/** The file's declared type, or the one its extension names when the browser left it empty; null when that is not a JPG or PNG type. */
export function imageTypeOf(file: File): ImageType | null {
  if (file.type) return isImageType(file.type) ? file.type : null;
  return TYPE_OF_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

export const IMAGE_INPUT_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** The texts of the image inputs (SPEC §2): recommended sizes (not enforced) and the full-page upload state. */
export const ImageTexts = {
  headshotHint: 'Recommended 400x400 pixels (1:1). JPG or PNG.',
  galleryHint: 'Recommended 700x525 pixels (4:3). JPG or PNG.',
  uploading: 'Uploading your files, please wait...',
} as const;
