import { useCallback, useEffect, useRef, useState } from 'react';
import type { Subscription } from '@rails/actioncable';
import type { InquiryMessage } from '../../dataProvider/methods/inquiries';
import { decodeBroadcast, useInquiryLive, type InquiryScreenView } from './InquiryLiveProvider';

export interface InquiryCableHandlers {
  onMessage: (message: InquiryMessage) => void;
  /** The socket came back after a drop: whatever was broadcast meanwhile is lost, so refetch. */
  onReconnected: () => void;
  /**
   * A room's subscription was confirmed: from now on every change to its messages is heard. What
   * was broadcast before this moment was not, so a read of the room made before it (its answer
   * held, or on its way) may miss a message posted in the gap and must be made again; a read
   * started after it misses nothing. (The rooms are read again by the shell's provider when its
   * subscription is confirmed.)
   */
  onCaughtUp: (roomId: number) => void;
}

/**
 * Rooms about to open whose channels are kept besides the open one: the room clicked and one more
 * the pointer passed over while its read waits.
 */
const INTENDED_KEPT = 2;

/** One room's messages channel on the tab's connection. */
interface RoomChannel {
  subscription: Subscription;
  confirmed: boolean;
  /** Reads waiting for the confirmation. */
  waiting: (() => void)[];
}

export interface InquiryCable {
  /** The socket is up (optimistic until it is known to be down). */
  connected: boolean;
  /** The rooms subscription and the open room's are confirmed: from now on nothing is missed. */
  live: boolean;
  /**
   * Subscribes to a room the user is about to open (the pointer over it, focus, the click), so its
   * messages can be read once the subscription is confirmed and need no second read. The last
   * INTENDED_KEPT such rooms are kept besides the open one.
   */
  watch: (roomId: number) => void;
  /**
   * Resolves when the room's subscription is confirmed, or after `limitMs` (the socket slow or
   * down: the read goes ahead and is made again at the confirmation), or at once without a socket.
   */
  whenLive: (roomId: number, limitMs: number) => Promise<void>;
}

/**
 * The inquiry screen's two live channels (spec section 7): every room, heard through the tab's
 * shared subscription (InquiryLiveProvider, which keeps the rooms it hears for the screen), and
 * the open room's messages, subscribed here on the same connection, as is the room the user is
 * about to open. Tells the shell what the screen shows, for the desktop notification.
 *
 * `live` is shown on the page as `data-live` for tests that post right after a load.
 */
export const useInquiryCable = (roomId: number | undefined, handlers: InquiryCableHandlers, view: InquiryScreenView): InquiryCable => {
  const { consumer, connected, roomsLive, listen, showScreen } = useInquiryLive();
  // Drawn again when the open room's subscription is confirmed (`live`); a room about to open is
  // confirmed without a render (the pointer moving over the list draws nothing).
  const [, setOpenConfirmed] = useState(0);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
    showScreen(view);
  });
  useEffect(() => () => showScreen(undefined), [showScreen]);

  useEffect(
    () =>
      listen({
        onReconnected: () => handlersRef.current.onReconnected(),
      }),
    [listen],
  );

  const channels = useRef(new Map<number, RoomChannel>());
  const openRoom = useRef(roomId);
  openRoom.current = roomId;
  /** The rooms last watched for an open to come, newest last: kept with the open one. */
  const intended = useRef<number[]>([]);

  /** Leaves every room's channel but the open one and the last INTENDED_KEPT watched. */
  const prune = useCallback(() => {
    for (const [id, channel] of channels.current) {
      if (id === openRoom.current || intended.current.includes(id)) continue;
      channel.subscription.unsubscribe();
      for (const resolve of channel.waiting) resolve();
      channels.current.delete(id);
    }
  }, []);

  const subscribe = useCallback(
    (id: number) => {
      if (!consumer || channels.current.has(id)) return;
      const channel: RoomChannel = {
        confirmed: false,
        waiting: [],
        subscription: consumer.subscriptions.create(
          { channel: 'InquiryMessagesChannel', room_id: id },
          {
            connected: () => {
              channel.confirmed = true;
              if (id === openRoom.current) setOpenConfirmed((count) => count + 1);
              for (const resolve of channel.waiting.splice(0)) resolve();
              handlersRef.current.onCaughtUp(id);
            },
            received: (data) => handlersRef.current.onMessage(decodeBroadcast<InquiryMessage>(data)),
          },
        ),
      };
      channels.current.set(id, channel);
    },
    [consumer],
  );

  const watch = useCallback(
    (id: number) => {
      intended.current = [...intended.current.filter((watched) => watched !== id), id].slice(-INTENDED_KEPT);
      subscribe(id);
      prune();
    },
    [subscribe, prune],
  );

  const whenLive = useCallback((id: number, limitMs: number) => {
    const channel = channels.current.get(id);
    if (!channel || channel.confirmed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      channel.waiting.push(resolve);
      window.setTimeout(resolve, limitMs);
    });
  }, []);

  useEffect(() => {
    if (roomId !== undefined) subscribe(roomId);
    prune();
  }, [roomId, subscribe, prune]);

  // A new connection (or none): every channel was the old one's.
  useEffect(
    () => () => {
      for (const channel of channels.current.values()) {
        channel.subscription.unsubscribe();
        for (const resolve of channel.waiting) resolve();
      }
      channels.current.clear();
    },
    [consumer],
  );

  // Read here, not kept as state: a room confirmed while it was about to open is live as it opens.
  const openLive = roomId === undefined || channels.current.get(roomId)?.confirmed === true;
  return { connected, live: connected && roomsLive && openLive, watch, whenLive };
};
