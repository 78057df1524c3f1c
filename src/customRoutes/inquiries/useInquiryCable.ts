import { useEffect, useRef, useState } from 'react';
import type { InquiryMessage } from '../../dataProvider/methods/inquiries';
import { decodeBroadcast, useInquiryLive, type InquiryScreenView } from './InquiryLiveProvider';

export interface InquiryCableHandlers {
  onMessage: (message: InquiryMessage) => void;
  /** The socket came back after a drop: whatever was broadcast meanwhile is lost, so refetch. */
  onReconnected: () => void;
  /**
   * The open room's subscription was first confirmed: what was broadcast between the page's read
   * and this moment was not received, so read its messages again. One more call per load or room
   * switch, so a message posted in that gap shows. (The rooms are read again by the shell's
   * provider when its subscription is confirmed.)
   */
  onCaughtUp: (roomId: number) => void;
}

/**
 * The inquiry screen's two live channels (spec section 7): every room, heard through the tab's
 * shared subscription (InquiryLiveProvider, which keeps the rooms it hears for the screen), and the open room's messages, subscribed here on the
 * same connection. Tells the shell what the screen shows, for the desktop notification.
 *
 * `connected`: the socket is up (optimistic until it is known to be down). `live`: the server has
 * confirmed the rooms subscription and the open room's, so from now on nothing is missed; shown
 * on the page as `data-live` for tests that post right after a load.
 */
export const useInquiryCable = (roomId: number | undefined, handlers: InquiryCableHandlers, view: InquiryScreenView): { connected: boolean; live: boolean } => {
  const { consumer, connected, roomsLive, listen, showScreen } = useInquiryLive();
  const [messagesConfirmed, setMessagesConfirmed] = useState<number>();
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

  useEffect(() => {
    if (!consumer || roomId === undefined) return undefined;
    const messages = consumer.subscriptions.create(
      { channel: 'InquiryMessagesChannel', room_id: roomId },
      {
        connected: () => {
          setMessagesConfirmed(roomId);
          handlersRef.current.onCaughtUp(roomId);
        },
        received: (data) => handlersRef.current.onMessage(decodeBroadcast<InquiryMessage>(data)),
      },
    );
    return () => messages.unsubscribe();
  }, [consumer, roomId]);

  return { connected, live: connected && roomsLive && (roomId === undefined || messagesConfirmed === roomId) };
};
