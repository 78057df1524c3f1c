import type { SendRequest } from '../apiClient';
import { createHttpError, NETWORK_FAILURE_STATUS } from '../httpError';
import { readPageHeaders } from '../paging';
import type { UploadMethods } from './uploads';

/** Spec section 3: an inquiry room and a message, as the SPA sees them (camelCase, instants as Dates). */
export interface InquiryRoom {
  id: number;
  name: string;
  status: string;
  completed?: boolean;
  unreadCount: number;
  lastMessage: { id: number; content: string; createdAt: Date; senderId: number | null } | null;
  pharmacy: { id: number; name: string; address1: string };
  createdAt?: Date;
  updatedAt?: Date;
  /** Only on live updates: the reader's unread messages across every room. */
  unreadTotal?: number;
}

export interface InquiryFile {
  name: string;
  extension: string;
  type: string;
  url: string;
  size: number;
}

export interface InquiryMessage {
  id: number;
  roomId: number;
  senderId: number | null;
  senderName?: string;
  content: string;
  replyMessageId?: number | null;
  replyMessage?: { id: number; content: string | null; senderName?: string | null } | null;
  files: InquiryFile[];
  createdAt: Date;
  updatedAt?: Date;
  /** Only on live updates of a deletion. */
  deleted?: boolean;
}

/** Spec section 3's inquiry filter: statuses go comma-joined. */
export interface InquiryRoomQuery {
  page: number;
  pharmacyId?: number;
  status?: string;
  roomId?: number;
}

export interface InquiryRoomPage {
  rooms: InquiryRoom[];
  currentPage: number;
  totalPages: number;
  /** The signed-in user's unread messages across every room (the tab title's figure). */
  unreadTotal?: number;
}

export interface NewInquiryMessage {
  content: string;
  replyMessageId?: number | null;
  /** A PNG or JPEG: uploaded through the presigned URL first, then named in the message. */
  file?: File;
}

export interface InquiryMethods {
  getInquiryRooms: (query: InquiryRoomQuery, signal?: AbortSignal) => Promise<InquiryRoomPage>;
  /** Every message of a room, oldest first (the more-pages loop); opening a room marks it read. */
  getInquiryMessages: (roomId: number, signal?: AbortSignal) => Promise<InquiryMessage[]>;
  sendInquiryMessage: (roomId: number, message: NewInquiryMessage) => Promise<InquiryMessage>;
  editInquiryMessage: (messageId: number, content: string) => Promise<InquiryMessage>;
  deleteInquiryMessage: (messageId: number) => Promise<void>;
  updateInquiryRoom: (roomId: number, change: { name: string } | { status: string }) => Promise<InquiryRoom>;
  /** An attachment as a blob, to save under its name. */
  downloadInquiryFile: (url: string) => Promise<Blob>;
}

export const INQUIRY_ROOMS_PATH = '/api/v2/core/admin/inquiry_rooms';
const messagesPath = (roomId: number) => `${INQUIRY_ROOMS_PATH}/${roomId}/messages`;
const MESSAGE_PATH = '/api/v2/core/admin/inquiry_messages';
const PRESIGN_PATH = `${MESSAGE_PATH}/file_presigned_url`;

/** Guards the more-pages loop against a server that never says it is done. */
const MAX_MESSAGE_PAGES = 1000;

const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1].toLowerCase() ?? '';

export const inquiryMethods = (send: SendRequest, upload: UploadMethods, fetchImpl: () => typeof fetch): InquiryMethods => ({
  getInquiryRooms: async ({ page, pharmacyId, status, roomId }, signal) => {
    const response = await send<InquiryRoom[]>({ path: INQUIRY_ROOMS_PATH, query: { page, pharmacyId, status, roomId }, signal });
    const { currentPage, totalPages } = readPageHeaders(response.headers, INQUIRY_ROOMS_PATH);
    const total = response.headers.get('x-unread-total');
    return { rooms: response.json, currentPage, totalPages, unreadTotal: total === null ? undefined : Number(total) };
  },
  getInquiryMessages: async (roomId, signal) => {
    const messages: InquiryMessage[] = [];
    for (let page = 1; page <= MAX_MESSAGE_PAGES; page++) {
      const response = await send<InquiryMessage[]>({ path: messagesPath(roomId), query: { page }, signal });
      messages.push(...response.json);
      if (page >= readPageHeaders(response.headers, messagesPath(roomId)).totalPages) break;
    }
    return messages;
  },
  sendInquiryMessage: async (roomId, { content, replyMessageId, file }) => {
    let descriptor: Record<string, unknown> | undefined;
    if (file) {
      const objectName = await upload.uploadThroughPresignedUrl({ presignPath: PRESIGN_PATH, file });
      descriptor = { fileNameS3: objectName, name: file.name, size: file.size, fileType: file.type, extension: extensionOf(file.name) };
    }
    const body = { content, replyMessageId: replyMessageId ?? null, ...(descriptor && { file: descriptor }) };
    return (await send<InquiryMessage>({ method: 'POST', path: messagesPath(roomId), body })).json;
  },
  editInquiryMessage: async (messageId, content) =>
    (await send<InquiryMessage>({ method: 'PATCH', path: `${MESSAGE_PATH}/${messageId}`, body: { content } })).json,
  deleteInquiryMessage: async (messageId) => {
    await send({ method: 'DELETE', path: `${MESSAGE_PATH}/${messageId}` });
  },
  updateInquiryRoom: async (roomId, change) => (await send<InquiryRoom>({ method: 'PATCH', path: `${INQUIRY_ROOMS_PATH}/${roomId}`, body: change })).json,
  downloadInquiryFile: async (url) => {
    let response: Response;
    try {
      response = await fetchImpl()(url);
    } catch {
      throw createHttpError(NETWORK_FAILURE_STATUS);
    }
    if (!response.ok) throw createHttpError(response.status);
    return response.blob();
  },
});
