import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countdownLabel, formatCountdown, isExpired } from '../../../src/customRoutes/develop/countdown';

describe('formatCountdown', () => {
  it('splits seconds into hours, minutes and seconds without padding', () => {
    expect(formatCountdown(3552)).toBe('0時間59分12秒');
    expect(formatCountdown(3600)).toBe('1時間0分0秒');
    expect(formatCountdown(3661)).toBe('1時間1分1秒');
    expect(formatCountdown(59)).toBe('0時間0分59秒');
    expect(formatCountdown(90061)).toBe('25時間1分1秒');
  });

  it('is all zeros at zero (also for -0)', () => {
    expect(formatCountdown(0)).toBe('0時間0分0秒');
    expect(formatCountdown(-0)).toBe('0時間0分0秒');
  });

  it('shows how long ago the token expired with a minus sign', () => {
    expect(formatCountdown(-1)).toBe('-0時間0分1秒');
    expect(formatCountdown(-75)).toBe('-0時間1分15秒');
    expect(formatCountdown(-3725)).toBe('-1時間2分5秒');
  });

  it('drops fractions toward zero', () => {
    expect(formatCountdown(59.9)).toBe('0時間0分59秒');
    expect(formatCountdown(-1.5)).toBe('-0時間0分1秒');
  });

  it('round-trips: hours*3600 + minutes*60 + seconds gives back the integer, minutes and seconds below 60', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (value) => {
        const match = /^(-?)(\d+)時間(\d+)分(\d+)秒$/.exec(formatCountdown(value));
        expect(match).not.toBeNull();
        const [, sign, h, m, s] = match!;
        expect(Number(m)).toBeLessThan(60);
        expect(Number(s)).toBeLessThan(60);
        const total = Number(h) * 3600 + Number(m) * 60 + Number(s);
        expect(sign === '-' ? -total : total).toBe(value);
      }),
    );
  });
});

describe('countdownLabel', () => {
  it('reads 残り … while the token is valid, and at zero', () => {
    expect(countdownLabel(3552)).toBe('残り 0時間59分12秒');
    expect(countdownLabel(0)).toBe('残り 0時間0分0秒');
  });

  it('says how long ago the token expired instead of a negative remainder', () => {
    expect(countdownLabel(-27)).toBe('0時間0分27秒前に失効しました');
    expect(countdownLabel(-3725)).toBe('1時間2分5秒前に失効しました');
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: -1 }), (seconds) => {
        const label = countdownLabel(seconds);
        expect(label).not.toContain('-');
        expect(label).toBe(`${formatCountdown(-seconds)}前に失効しました`);
      }),
    );
  });
});

describe('isExpired', () => {
  it('is true at or below zero', () => {
    expect(isExpired(1)).toBe(false);
    expect(isExpired(0)).toBe(true);
    expect(isExpired(-10)).toBe(true);
  });
});
