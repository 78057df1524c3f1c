import { connect as tcpConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectJson, rawSession, startCableServer, textFrame, wireFrame, type CableTestServer } from './cableHelpers';

let s: CableTestServer;
let token: string;

beforeAll(async () => {
  // No pings here: these tests compare whole frame logs, and a 50 ms ping landed in one whenever a
  // loaded machine took longer than that between the welcome and the disconnect.
  s = await startCableServer({ cablePingMs: 3_600_000 });
  token = await s.app.token();
});
afterAll(() => s.stop());

const closeFrame = (code: number) => {
  const payload = Buffer.alloc(2);
  payload.writeUInt16BE(code);
  return wireFrame({ opcode: 0x8, payload });
};

/** Protocol errors ws detects, each with the close code RFC 6455 gives it. */
const PROTOCOL_ERRORS: [string, Buffer, number][] = [
  ['an unmasked frame', wireFrame({ opcode: 0x1, payload: '{}', masked: false }), 1002],
  ['invalid UTF-8', wireFrame({ opcode: 0x1, payload: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) }), 1007],
  ['a reserved opcode', wireFrame({ opcode: 0x3, payload: 'x' }), 1002],
  ['RSV1 without permessage-deflate', wireFrame({ opcode: 0x1, payload: '{}', rsv1: true }), 1002],
  ['a length above the payload limit', wireFrame({ opcode: 0x1, payload: 'x', claimedLength: 2 ** 32 }), 1009],
  ['a 65 KiB frame', wireFrame({ opcode: 0x1, payload: 'x'.repeat(65 * 1024) }), 1009],
  ['a fragmented ping', wireFrame({ opcode: 0x9, payload: 'p', fin: false }), 1002],
  ['close code 999', closeFrame(999), 1002],
];

/** Well-formed frames that are not ActionCable commands. */
const BAD_COMMANDS = [
  'null',
  '[]',
  '42',
  '"subscribe"',
  'garbage{',
  '{}',
  '{"command":"subscribe"}',
  '{"command":"subscribe","identifier":null}',
  '{"command":"subscribe","identifier":"null"}',
  '{"command":"subscribe","identifier":"[1]"}',
  '{"command":"subscribe","identifier":"{\\"channel\\":5}"}',
  '{"command":"subscribe","identifier":"{broken"}',
  '{"command":"__proto__","identifier":"{\\"channel\\":\\"X\\"}"}',
  '{"command":"message","identifier":"{\\"channel\\":\\"X\\"}","data":"null"}',
  '{"command":"message","identifier":"{\\"channel\\":\\"X\\"}","data":{"action":"x"}}',
  `{"command":"subscribe","identifier":${JSON.stringify(JSON.stringify({ channel: 'X', pad: 'y'.repeat(2000) }))}}`,
];

async function stillServing() {
  const c = connectJson(s.port, `/cable?token=${token}`);
  await c.next((f) => f.type === 'welcome');
  c.ws.close();
  expect((await fetch(`http://127.0.0.1:${s.port}/config.json`)).status).toBe(200);
}

describe('hostile frames on /cable close that connection only', () => {
  for (const [name, bytes, code] of PROTOCOL_ERRORS) {
    it(`${name}: close ${code}, with or without a token, in the handshake's packet or after`, async () => {
      for (const path of [`/cable?token=${token}`, '/cable', '/demo/cable?token=nope']) {
        const after = await rawSession(s.port, path, { after: [bytes] });
        expect(after.status, path).toBe(101);
        if (path.includes(token)) expect(after.closeCode, path).toBe(code);
        const early = await rawSession(s.port, path, { early: bytes });
        expect(early.status, path).toBe(101);
      }
      await stillServing();
    });
  }

  const labelled = BAD_COMMANDS.map((text) => [text.length > 80 ? `${text.slice(0, 70)}… (${text.length} chars)` : text, text]);
  it.each(labelled)('a signed-in text frame %s: disconnect invalid_request, close 1008', async (_label, text) => {
    const log = await rawSession(s.port, `/cable?token=${token}`, { after: [textFrame(text)] });
    expect(log.texts.map((t) => JSON.parse(t))).toEqual([
      { type: 'welcome' },
      { type: 'disconnect', reason: 'invalid_request', reconnect: false },
    ]);
    expect(log.closeCode).toBe(1008);
    await stillServing();
  });

  it('a bad frame sent before the token is verified is judged after the welcome', async () => {
    const log = await rawSession(s.port, `/cable?token=${token}`, { early: textFrame('null') });
    expect(log.texts.map((t) => JSON.parse(t))).toEqual([
      { type: 'welcome' },
      { type: 'disconnect', reason: 'invalid_request', reconnect: false },
    ]);
    expect(log.closeCode).toBe(1008);
  });

  it('a binary frame: close 1003, and the socket is cut when the client ignores the close', async () => {
    const log = await rawSession(s.port, `/cable?token=${token}`, {
      after: [wireFrame({ opcode: 0x2, payload: '{}' })],
      answerClose: false,
      timeoutMs: 2000,
    });
    expect(log.closeCode).toBe(1003);
  });

  it('frames flooding in before the welcome: close 1008', async () => {
    const flood = Buffer.concat(Array.from({ length: 40 }, () => textFrame('{"command":"unsubscribe","identifier":"{\\"channel\\":\\"X\\"}"}')));
    const log = await rawSession(s.port, `/cable?token=${token}`, { early: flood });
    expect(log.closeCode).toBe(1008);
    await stillServing();
  });

  it('a malformed handshake gets 400 and an unknown path 404, ending just that socket', async () => {
    expect((await rawSession(s.port, '/not-cable')).status).toBe(404);
    const badKey = await new Promise<string>((resolve) => {
      const socket = tcpConnect(s.port, '127.0.0.1', () =>
        socket.write('GET /cable HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: short\r\nSec-WebSocket-Version: 13\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('error', () => {});
      socket.on('close', () => resolve(text));
    });
    expect(badKey.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    await stillServing();
  });
});
