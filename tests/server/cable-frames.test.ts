import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseClientFrame } from '../../server/cable/frames';

const identifierOf = fc
  .record({ channel: fc.string({ minLength: 1, maxLength: 20 }), room_id: fc.option(fc.integer(), { nil: undefined }) })
  .map((params) => JSON.stringify(params));

describe('parseClientFrame', () => {
  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ command: 'subscribe', identifier: v }))), (text) => {
        const frame = parseClientFrame(text);
        if (frame) expect(typeof JSON.parse(frame.identifier).channel).toBe('string');
      }),
      { numRuns: 500 },
    );
  });

  it('accepts the three commands with an object identifier, keeping the identifier string as sent', () => {
    fc.assert(
      fc.property(identifierOf, fc.constantFrom('subscribe', 'unsubscribe'), (identifier, command) => {
        expect(parseClientFrame(JSON.stringify({ command, identifier }))).toEqual({ command, identifier, params: JSON.parse(identifier) });
      }),
    );
    const identifier = '{ "channel" : "RoomsChannel" }';
    expect(parseClientFrame(JSON.stringify({ command: 'message', identifier, data: '{"action":"typing","x":1}' }))).toEqual({
      command: 'message',
      identifier,
      params: { channel: 'RoomsChannel' },
      action: 'typing',
      data: { action: 'typing', x: 1 },
    });
  });

  it.each([
    'null',
    '[]',
    '"x"',
    '{"command":"subscribe","identifier":"{}"}',
    '{"command":"subscribe","identifier":"{\\"channel\\":\\"\\"}"}',
    '{"command":"subscribe","identifier":"[\\"channel\\"]"}',
    '{"command":"perform","identifier":"{\\"channel\\":\\"A\\"}"}',
    '{"command":"message","identifier":"{\\"channel\\":\\"A\\"}"}',
    '{"command":"message","identifier":"{\\"channel\\":\\"A\\"}","data":"{\\"action\\":1}"}',
    '{"command":"message","identifier":"{\\"channel\\":\\"A\\"}","data":"[]"}',
  ])('refuses %s', (text) => {
    expect(parseClientFrame(text)).toBeUndefined();
  });
});
