import type { Principal } from './auth';

/**
 * What a service may ask of its environment's ActionCable endpoint: declare channels and push
 * to streams, with Rails' `stream_from` semantics. A subscription listens to the streams its
 * channel names (e.g. `inquiry_rooms` and `room_{id}`); `broadcast` reaches every subscription
 * listening to that stream, on every connection. Nothing is replayed (ActionCable has no replay).
 */
export type CableParams = Record<string, unknown>;

export interface CableChannel {
  /**
   * The streams a subscription with these params listens to, or null to reject it (unknown
   * room, no permission). May be async; the client is confirmed only once the streams are live.
   */
  subscribe(params: CableParams, principal: Principal): string[] | null | Promise<string[] | null>;
  /** A client's `perform(action, data)` on a confirmed subscription. */
  perform?(action: string, data: CableParams, subscription: { params: CableParams; principal: Principal }): void;
}

export interface Cable {
  /** Declares a channel by its client-side name (`InquiryRoomsChannel`), once per environment. */
  registerChannel(name: string, channel: CableChannel): void;
  /** Sends `message` (a JSON object) to every subscription listening to `stream`. */
  broadcast(stream: string, message: Record<string, unknown>): void;
}
