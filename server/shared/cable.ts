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
   * room, no permission). Synchronous, because the endpoint asks it again before every broadcast
   * to the subscription (with the principal as of then): a broadcast never reaches a subscriber
   * whose right ended, whatever ended it, and there is no turn between the check and the send.
   */
  subscribe(params: CableParams, principal: Principal): string[] | null;
  /** A client's `perform(action, data)` on a confirmed subscription. */
  perform?(action: string, data: CableParams, subscription: { params: CableParams; principal: Principal }): void;
}

export interface Cable {
  /** Declares a channel by its client-side name (`InquiryRoomsChannel`), once per environment. */
  registerChannel(name: string, channel: CableChannel): void;
  /**
   * Sends `message` (a JSON object) to every subscription listening to `stream` whose token and
   * channel still allow it; a connection that no longer may is told unauthorized and closed.
   */
  broadcast(stream: string, message: Record<string, unknown>): void;
  /**
   * Whether any subscription listens to `stream` now: a message costly to build (a reader's room
   * frame with their unread total) is not built for a stream nobody would receive it on.
   */
  listening(stream: string): boolean;
  /**
   * Judges the user's open connections again now (token, session, each subscription's channel),
   * closing those that lost a right: a removal from a pharmacy ends the subscriptions in the
   * same turn rather than at the next ping.
   */
  recheckUser(sub: string): void;
}
