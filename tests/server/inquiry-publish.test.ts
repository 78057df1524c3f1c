import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnection, type DB } from '../../server/db/open';
import { roomsStream } from '../../server/services/core/inquiries/channels';
import { inquiryPublisher } from '../../server/services/core/inquiries/publish';
import { roomAudience } from '../../server/services/core/inquiries/store';
import type { Cable } from '../../server/shared/cable';
import { startApp, type TestApp } from './helpers';

/*
 * Issue 36 item 3: each room frame carries its reader's unread total, a count over every room
 * (tens of milliseconds of the request thread at national scale, during an import more), and a
 * message reaches every staff user. Frames are built only for readers listening now.
 */
let app: TestApp;
let db: DB;
beforeAll(() => {
  app = startApp({ jobTickMs: 0 });
  db = openConnection(join(app.dir, 'core.sqlite'));
});
afterAll(() => {
  db.close();
  app.dispose();
});

describe('room frames (inquiry publisher)', () => {
  it('are built and sent only for the readers with a subscription on their rooms stream', async () => {
    const room = db.prepare('SELECT id, pharmacy_id FROM inquiry_rooms ORDER BY id LIMIT 1').get() as { id: number; pharmacy_id: number };
    const audience = roomAudience(db, room.pharmacy_id);
    expect(audience.length).toBeGreaterThan(1);
    const online = roomsStream(audience[0].id);
    const sent: string[] = [];
    const asked: string[] = [];
    const cable: Cable = {
      registerChannel: () => undefined,
      broadcast: (stream) => void sent.push(stream),
      listening: (stream) => {
        asked.push(stream);
        return stream === online;
      },
      recheckUser: () => undefined,
    };
    await inquiryPublisher(db, cable, app.environments.production.storage).room(room.id);
    expect(sent).toEqual([online]);
    // Everyone in the audience was asked about, and only the one online got a frame.
    expect(new Set(asked)).toEqual(new Set(audience.map((reader) => roomsStream(reader.id))));
  });
});
