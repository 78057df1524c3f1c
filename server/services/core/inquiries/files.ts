import { deflateSync } from 'node:zlib';

/** Spec section 7: attachments are PNG or JPEG images, at most 10 MB (checked by their bytes). */
export const INQUIRY_FILE_BUCKET = 'inquiry-files';
export const INQUIRY_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const INQUIRY_FILE_TYPES = ['image/png', 'image/jpeg'] as const;
export type InquiryFileType = (typeof INQUIRY_FILE_TYPES)[number];
/** A message's `extension`, from the type its upload was PUT with (the name the user gave may say `jpeg`). */
export const INQUIRY_FILE_EXTENSIONS: Record<InquiryFileType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
export const isInquiryFileType = (type: string): type is InquiryFileType => (INQUIRY_FILE_TYPES as readonly string[]).includes(type);

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type the bytes are (magic numbers, never the file name), or undefined. */
export function sniffImageType(body: Buffer): InquiryFileType | undefined {
  if (body.length >= PNG_MAGIC.length && body.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'image/png';
  if (body.length >= JPEG_MAGIC.length && body.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'image/jpeg';
  return undefined;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small valid PNG: a diagonal two-colour pattern (the seeds' and tests' attachments). */
export function samplePng(width: number, height: number, [r1, g1, b1]: number[], [r2, g2, b2]: number[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const first = (x + y) % 32 < 16;
      raw.set(first ? [r1, g1, b1] : [r2, g2, b2], row + 1 + x * 3);
    }
  }
  return Buffer.concat([PNG_MAGIC, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** The seeds' attachments (one object each, shared by every seeded message that attaches it). */
export const SEED_ATTACHMENTS = [
  { key: 'seed/shelf.png', name: '棚の写真.png', colours: [[200, 60, 60], [250, 240, 230]] },
  { key: 'seed/invoice.png', name: '納品書.png', colours: [[40, 90, 180], [235, 240, 250]] },
  { key: 'seed/screen.png', name: '画面のスクリーンショット.png', colours: [[30, 140, 80], [240, 250, 240]] },
] as const;

export const seedAttachmentBody = (index: number) => {
  const [a, b] = SEED_ATTACHMENTS[index].colours;
  return samplePng(96, 64, [...a], [...b]);
};
