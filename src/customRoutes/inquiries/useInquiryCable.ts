import { useEffect, useRef, useState } from 'react';
import { createConsumer, type Consumer } from '@rails/actioncable';
import { useRuntime } from '../../app/RuntimeContext';
import { camelizeKeys } from '../../contract/caseConversion';
import { decodeResponse } from '../../lib/decodeResponse';
import type { InquiryMessage, InquiryRoom } from '../../dataProvider/methods/inquiries';
import { cableUrlWithToken } from './cableUrl';

/** How often the socket's token is refreshed for the next (re)connection; tokens live an hour. */
const TOKEN_REFRESH_MS = 60_000;

export interface InquiryCableHandlers {
  onRoom: (room: InquiryRoom) => void;
  onMessage: (message: InquiryMessage) => void;
  /** The socket came back after a drop: whatever was broadcast meanwhile is lost, so refetch. */
  onReconnected: () => void;
  /**
   * A subscription was first confirmed: what was broadcast between the page's read and this
   * moment was not received, so read again what the channel covers (the rooms, or the room's
   * messages). One more call per load or room switch, so a message posted in that gap shows.
   */
  onCaughtUp: (channel: { rooms: true } | { roomId: number }) => void;
}

/** A broadcast as the REST answers look to the SPA: camelCase keys, instants as Dates. */
const decode = <T,>(data: unknown): T => decodeResponse(camelizeKeys(data)) as T;

/**
 * The two live channels of the inquiry screen (spec section 7): every room, and the open room's
 * messages. Returns whether the socket is up (false → the screen shows a banner).
 */
/**
 * `connected`: the socket is up (optimistic until it is known to be down). `live`: the server has
 * confirmed the rooms subscription and the open room's, so from now on nothing is missed; shown
 * on the page as `data-live` for tests that post right after a load.
 */
export const useInquiryCable = (roomId: number | undefined, handlers: InquiryCableHandlers): { connected: boolean; live: boolean } => {
  const { environment, getToken } = useRuntime();
  const [consumer, setConsumer] = useState<Consumer>();
  const [connected, setConnected] = useState(true);
  const [roomsConfirmed, setRoomsConfirmed] = useState(false);
  const [messagesConfirmed, setMessagesConfirmed] = useState<number>();
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    let stopped = false;
    let token = '';
    let created: Consumer | undefined;
    const refresh = async () => {
      token = (await getToken().catch(() => undefined)) ?? token;
    };
    const timer = window.setInterval(() => void refresh(), TOKEN_REFRESH_MS);
    void refresh().then(() => {
      if (stopped) return;
      // A function: each reconnection reads the newest token.
      created = createConsumer(() => cableUrlWithToken(environment.cableUrl, token, window.location));
      setConsumer(created);
    });
    return () => {
      stopped = true;
      window.clearInterval(timer);
      created?.disconnect();
    };
  }, [environment.cableUrl, getToken]);

  useEffect(() => {
    if (!consumer) return undefined;
    const rooms = consumer.subscriptions.create(
      { channel: 'InquiryRoomsChannel' },
      {
        connected: ({ reconnected }) => {
          setConnected(true);
          setRoomsConfirmed(true);
          if (reconnected) handlersRef.current.onReconnected();
          else handlersRef.current.onCaughtUp({ rooms: true });
        },
        disconnected: () => setConnected(false),
        received: (data) => handlersRef.current.onRoom(decode<InquiryRoom>(data)),
      },
    );
    return () => rooms.unsubscribe();
  }, [consumer]);

  useEffect(() => {
    if (!consumer || roomId === undefined) return undefined;
    const messages = consumer.subscriptions.create(
      { channel: 'InquiryMessagesChannel', room_id: roomId },
      {
        connected: () => {
          setMessagesConfirmed(roomId);
          handlersRef.current.onCaughtUp({ roomId });
        },
        received: (data) => handlersRef.current.onMessage(decode<InquiryMessage>(data)),
      },
    );
    return () => messages.unsubscribe();
  }, [consumer, roomId]);

  return { connected, live: connected && roomsConfirmed && (roomId === undefined || messagesConfirmed === roomId) };
};
