import type { DB } from '../../../db/open';
import { seedStream } from '../../../db/prng';
import { SEED_SIZES, type SeedScale } from '../../../db/seedCatalogue';
import { SEED_ATTACHMENTS, seedAttachmentBody } from './files';
import { INQUIRY_STATUSES, type InquiryStatus } from './schema';
import { SEED_BASE_DATE } from '../seed';

/** Rooms and messages per scale: `large` is 10,000 rooms with 20 messages each (200,000). */
export const INQUIRY_SEED_SIZES: Record<SeedScale, { rooms: number; messagesPerRoom: [number, number] }> = {
  small: { rooms: 90, messagesPerRoom: [2, 12] },
  large: { rooms: 10_000, messagesPerRoom: [20, 20] },
};

const SUBJECTS = [
  '発注ができません', '在庫数が合いません', 'ログインできない', '請求書の再発行について', '納品予定日の確認',
  '医薬品マスタの誤り', '棚卸しの手順', '端末の入れ替え', '小分け販売の登録方法', '返品の扱いについて',
  'パスワードを忘れました', 'NSIPS連携が止まっている', '卸の追加をしたい', '期限切れ在庫の廃棄', '帳票の印刷',
];
const PHARMACY_LINES = [
  'お世話になっております。確認をお願いできますでしょうか。',
  '本日午前から画面が表示されません。',
  '先ほどの件、まだ解消していないようです。',
  '在庫数が実数と10錠ずれています。',
  '写真を添付します。ご確認ください。',
  '承知しました。試してみます。',
  '解決しました。ありがとうございました。',
  '追加で質問です。発注締めの時刻は何時でしょうか。',
];
const STAFF_LINES = [
  'お問い合わせありがとうございます。確認いたします。',
  '恐れ入りますが、該当の画面のスクリーンショットをお送りいただけますか。',
  '設定を修正しました。再読み込みしてご確認ください。',
  '卸への確認が必要なため、少々お時間をいただきます。',
  '手順書をお送りします。ご不明点があればお知らせください。',
  '本件はクローズとさせていただきます。',
];

type Sender = { id: number | null; role: 'admin' | 'pharmacy'; name: string };

/**
 * Rooms in every status (cycled), with replies, image attachments and read marks: each staff
 * member has read each room up to the last staff message, so the pharmacy's later messages are
 * unread. Rows carry explicit ids so a room is inserted once, already knowing its last message.
 */
export function seedInquiries(db: DB, seed: number, scale: SeedScale): void {
  const size = INQUIRY_SEED_SIZES[scale];
  const pharmacies = SEED_SIZES[scale].pharmacies;
  const staff = db.prepare("SELECT id, name FROM users WHERE role = 'admin' ORDER BY id").all() as { id: number; name: string }[];
  const pharmacyUsers = db.prepare("SELECT id, name, pharmacy_ids FROM users WHERE role = 'pharmacy' ORDER BY id").all() as {
    id: number; name: string; pharmacy_ids: string;
  }[];
  const accountOf = new Map<number, { id: number; name: string }>();
  for (const u of pharmacyUsers) for (const pid of JSON.parse(u.pharmacy_ids) as number[]) if (!accountOf.has(pid)) accountOf.set(pid, u);
  const pharmacyNames = new Map(
    (db.prepare('SELECT id, name FROM pharmacies').all() as { id: number; name: string }[]).map((p) => [p.id, p.name]),
  );

  const insertRoom = db.prepare(
    `INSERT INTO inquiry_rooms (id, pharmacy_id, name, status, last_message_id, last_message_content, last_message_at,
       last_message_sender_id, active_at, created_at, updated_at)
     VALUES (@id, @pharmacy, @name, @status, @lastId, @lastContent, @lastAt, @lastSender, @lastAt, @createdAt, @lastAt)`,
  );
  const insertMessage = db.prepare(
    `INSERT INTO inquiry_messages (id, room_id, sender_id, sender_role, sender_name, content, reply_message_id,
       file_object, file_name, file_size, file_type, file_extension, created_at, updated_at)
     VALUES (@id, @room, @sender, @role, @senderName, @content, @reply, @object, @fileName, @size, @type, @extension, @at, @at)`,
  );
  const insertRead = db.prepare('INSERT INTO inquiry_room_reads (user_id, room_id, last_seen_message_id) VALUES (@user, @room, @seen)');
  const fileSizes = SEED_ATTACHMENTS.map((_, i) => seedAttachmentBody(i).length);

  const rng = seedStream(seed, 'inquiries');
  let messageId = 0;
  for (let roomId = 1; roomId <= size.rooms; roomId++) {
    const status: InquiryStatus = INQUIRY_STATUSES[(roomId - 1) % INQUIRY_STATUSES.length];
    // The demo pharmacy account's pharmacy (1) gets a room in every status.
    const pharmacyId = roomId <= INQUIRY_STATUSES.length ? 1 : rng.int(1, pharmacies);
    const account = accountOf.get(pharmacyId);
    const pharmacySender: Sender = account
      ? { id: account.id, role: 'pharmacy', name: account.name }
      : { id: null, role: 'pharmacy', name: `${pharmacyNames.get(pharmacyId) ?? '薬局'} 担当者` };
    const count = rng.int(size.messagesPerRoom[0], size.messagesPerRoom[1]);
    let at = SEED_BASE_DATE - rng.int(1, 180) * 86_400_000 - rng.int(0, 86_399) * 1000;
    const createdAt = new Date(at).toISOString();
    const messages: { id: number; sender: Sender; content: string; at: string }[] = [];
    const rows: Record<string, unknown>[] = [];
    for (let i = 0; i < count; i++) {
      // A new room has only the pharmacy's words; a replied one ends with staff, an unreplied one with the pharmacy.
      const last = i === count - 1;
      const fromPharmacy =
        i === 0 || status === 'new' || (last && status === 'unreplied') ? true : last && status === 'replied' ? false : rng.chance(0.5);
      const sender: Sender = fromPharmacy ? pharmacySender : { ...rng.pick(staff), role: 'admin' };
      const content = rng.pick(fromPharmacy ? PHARMACY_LINES : STAFF_LINES);
      const replyTo = messages.length > 0 && rng.chance(0.15) ? rng.pick(messages).id : null;
      const attachment = rng.chance(0.06) ? rng.int(0, SEED_ATTACHMENTS.length - 1) : -1;
      at += rng.int(60, 3 * 3600) * 1000;
      const iso = new Date(at).toISOString();
      messageId += 1;
      const file = attachment >= 0 ? SEED_ATTACHMENTS[attachment] : undefined;
      messages.push({ id: messageId, sender, content, at: iso });
      rows.push({
        id: messageId, room: roomId, sender: sender.id, role: sender.role, senderName: sender.name, content, reply: replyTo,
        object: file?.key ?? null, fileName: file?.name ?? null, size: file ? fileSizes[attachment] : null,
        type: file ? 'image/png' : null, extension: file ? 'png' : null, at: iso,
      });
    }
    const newest = messages[messages.length - 1];
    const subject = `${rng.pick(SUBJECTS)}${rng.chance(0.3) ? `（${rng.int(2, 9)}回目）` : ''}`;
    // The room first (its messages' foreign key), already knowing its newest message.
    insertRoom.run({
      id: roomId, pharmacy: pharmacyId, name: subject, status, lastId: newest.id, lastContent: newest.content, lastAt: newest.at,
      lastSender: newest.sender.id, createdAt,
    });
    for (const row of rows) insertMessage.run(row);
    const closed = status === 'closed' || status === 'completed';
    const lastStaff = [...messages].reverse().find((m) => m.sender.role === 'admin');
    const seen = closed ? newest.id : lastStaff?.id;
    if (seen !== undefined) for (const s of staff) insertRead.run({ user: s.id, room: roomId, seen });
  }
}
