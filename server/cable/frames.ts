import type { CableParams } from '../shared/cable';

/** A client frame that passed every check; `identifier` is the exact string the client sent. */
interface FrameBase {
  identifier: string;
  params: CableParams & { channel: string };
}
export type ClientFrame =
  | (FrameBase & { command: 'subscribe' })
  | (FrameBase & { command: 'unsubscribe' })
  | (FrameBase & { command: 'message'; action: string; data: CableParams });

/** Longest identifier accepted (a channel name and a few ids). */
const MAX_IDENTIFIER_LENGTH = 1024;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Parses one text frame as ActionCable's client protocol, or returns undefined for anything
 * else (`null`, an array, garbage, an unknown command, an identifier that is not the JSON of an
 * object with a channel name, a message whose data is not the JSON of an object with an action).
 */
export function parseClientFrame(text: string): ClientFrame | undefined {
  const frame = parseObject(text);
  if (!frame) return undefined;
  const { command, identifier } = frame;
  if (command !== 'subscribe' && command !== 'unsubscribe' && command !== 'message') return undefined;
  if (typeof identifier !== 'string' || identifier.length > MAX_IDENTIFIER_LENGTH) return undefined;
  const params = parseObject(identifier);
  if (!params || typeof params.channel !== 'string' || params.channel === '') return undefined;
  const withChannel = params as CableParams & { channel: string };
  if (command === 'subscribe') return { command, identifier, params: withChannel };
  if (command === 'unsubscribe') return { command, identifier, params: withChannel };
  const data = typeof frame.data === 'string' ? parseObject(frame.data) : undefined;
  if (!data || typeof data.action !== 'string') return undefined;
  return { command, identifier, params: withChannel, action: data.action, data };
}
