/**
 * `npm run simulate:pharmacy`: signs in as the demo pharmacy account and posts in its pharmacy's
 * inquiry rooms every few seconds, so a person watching the portal sees rooms and chats update
 * live. Talks to a running reference API over HTTP like any client.
 *
 *   BASE_URL      the API (default http://localhost:3000, i.e. `npm start`)
 *   EMAIL / PASSWORD   the pharmacy account (default the seeded pharmacy@example.com)
 *   INTERVAL_MS   time between posts (default 4000)
 *   ROOM_ID       post only in this room (default: a random room of the pharmacy each time)
 *   COUNT         stop after this many posts (default: run until interrupted)
 */
const base = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const email = process.env.EMAIL ?? 'pharmacy@example.com';
const password = process.env.PASSWORD ?? 'Pharmacy1234';
const intervalMs = Number(process.env.INTERVAL_MS ?? 4000);
const onlyRoom = process.env.ROOM_ID ? Number(process.env.ROOM_ID) : undefined;
const count = process.env.COUNT ? Number(process.env.COUNT) : Infinity;

const LINES = [
  '在庫の数がまた合わなくなりました。',
  '先ほどの件、確認いただけましたか？',
  '発注画面が重いです。',
  'ありがとうございます。解決しました。',
  '追加で質問させてください。',
  '納品書の日付が違っているようです。',
];

async function signIn(): Promise<string> {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: email, password }),
  });
  if (!res.ok) throw new Error(`サインインに失敗しました (${res.status}): ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api<T>(token: string, path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const res = await fetch(`${base}/core/api/v2/pharmacy${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.json !== undefined && { 'content-type': 'application/json' }) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  let token = await signIn();
  let signedInAt = Date.now();
  const rooms = await api<{ id: number; name: string }[]>(token, '/inquiry_rooms');
  if (rooms.length === 0 && onlyRoom === undefined) throw new Error('この薬局には問い合わせルームがありません。');
  console.log(`${email} として ${intervalMs} ms ごとに投稿します (Ctrl+C で終了)。`);
  for (let i = 0; i < count; i++) {
    // Access tokens live an hour; sign in again well before that.
    if (Date.now() - signedInAt > 30 * 60_000) {
      token = await signIn();
      signedInAt = Date.now();
    }
    const roomId = onlyRoom ?? rooms[Math.floor(Math.random() * rooms.length)].id;
    const content = `${LINES[i % LINES.length]}（${new Date().toLocaleTimeString('ja-JP', { timeZone: 'Asia/Tokyo' })}）`;
    const sent = await api<{ id: number }>(token, `/inquiry_rooms/${roomId}/messages`, { method: 'POST', json: { content } });
    console.log(`ルーム ${roomId} にメッセージ ${sent.id} を投稿: ${content}`);
    if (i + 1 < count) await sleep(intervalMs);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
