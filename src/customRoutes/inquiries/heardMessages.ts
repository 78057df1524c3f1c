import type { InquiryMessage } from '../../dataProvider/methods/inquiries';
import { compareMessages, mergeReceived } from './mergeReceived';

/** One read of a room's messages, begun: what was heard over the cable while it was on its way is folded into its answer. */
export interface MessagesRead {
  fold: (answer: InquiryMessage[]) => InquiryMessage[];
  end: () => void;
}

/**
 * The messages heard over the cable while a read of their room is on its way. A message posted
 * after the read's answer was made is heard, and may be heard before the answer arrives: it is
 * in no list yet, and without this it would be lost (the screen folds what it hears into the
 * list it holds). Folded in the order heard over the answer, the newest state of each message wins.
 */
export class HeardMessages {
  private readonly rooms = new Map<number, { heard: InquiryMessage[]; reads: number }>();

  begin(roomId: number): MessagesRead {
    const room = this.rooms.get(roomId) ?? { heard: [], reads: 0 };
    this.rooms.set(roomId, room);
    room.reads += 1;
    const from = room.heard.length;
    let ended = false;
    return {
      fold: (answer) => room.heard.slice(from).reduce((list, message) => mergeReceived(list, message, compareMessages), answer),
      end: () => {
        if (ended) return;
        ended = true;
        room.reads -= 1;
        if (room.reads === 0 && this.rooms.get(roomId) === room) this.rooms.delete(roomId);
      },
    };
  }

  /** A message heard over the cable: kept only while a read of its room is on its way. */
  heard(message: InquiryMessage): void {
    this.rooms.get(message.roomId)?.heard.push(message);
  }
}
