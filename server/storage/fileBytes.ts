/**
 * What an uploaded file's first bytes say it is (PDF, PNG, JPEG, GIF, WebP), so a bucket takes
 * a body only as the kind of file its Content-Type names, whatever the uploader claimed. SVG is
 * not an image here: it is a document that can carry script.
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
export type FileType = ImageType | 'application/pdf';

const startsWith = (body: Buffer, bytes: number[], offset = 0) => body.length >= offset + bytes.length && bytes.every((b, i) => body[offset + i] === b);

export function sniffImageType(body: Buffer): ImageType | undefined {
  if (startsWith(body, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(body, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(body, [0x47, 0x49, 0x46, 0x38]) && (body[4] === 0x37 || body[4] === 0x39) && body[5] === 0x61) return 'image/gif';
  if (startsWith(body, [0x52, 0x49, 0x46, 0x46]) && startsWith(body, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

export function sniffFileType(body: Buffer): FileType | undefined {
  if (startsWith(body, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  return sniffImageType(body);
}

/** `image/PNG; a=b` → `image/png`: a Content-Type's media type, as a file's bytes are compared with it. */
export const mediaTypeOf = (contentType: string): string => contentType.split(';')[0].trim().toLowerCase();

/** A body is accepted as `contentType` only when its bytes are that kind of image (the manual images, the chat's attachments). */
export const isImageOf = (body: Buffer, contentType: string): boolean => sniffImageType(body) === mediaTypeOf(contentType);

/** A body is accepted as `contentType` only when its bytes are that kind of file (the licences: PDF or an image). */
export const isFileOf = (body: Buffer, contentType: string): boolean => sniffFileType(body) === mediaTypeOf(contentType);
