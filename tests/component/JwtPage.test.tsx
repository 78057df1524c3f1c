import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import JwtPage from '../../src/customRoutes/develop/JwtPage';
import { renderWithAdmin, testRuntime } from './renderWithAdmin';

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const NS = 'https://cs-portal.example.test/';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The screen only decodes tokens, so an unsigned one will do. */
const token = (payload: Record<string, unknown>) =>
  `${base64url({ alg: 'RS256', typ: 'JWT', kid: 'k1' })}.${base64url(payload)}.c2lnbmF0dXJl`;

const tokenExpiringIn = (seconds: number, extra: Record<string, unknown> = {}) =>
  token({ sub: 'auth0|abc', [`${NS}roles`]: ['admin'], exp: Math.floor(NOW / 1000) + seconds, ...extra });

/** Lets the screen's getToken promise settle under fake timers. */
const flush = async () => {
  for (let i = 0; i < 5; i += 1) await act(async () => {});
};

const tick = async (ms: number) => {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
};

const setup = async (tokens: string[]) => {
  const runtime = testRuntime();
  const getToken = vi.fn(async () => tokens[Math.min(getToken.mock.calls.length - 1, tokens.length - 1)]);
  runtime.getToken = getToken;
  const view = renderWithAdmin(<JwtPage />, { runtime });
  await flush();
  return { ...view, getToken, refreshToken: runtime.refreshToken as ReturnType<typeof vi.fn> };
};

describe('JwtPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the token, the decoded header and payload and the expiry in Japan time', async () => {
    const value = tokenExpiringIn(3552);
    await setup([value]);
    expect(screen.getByTestId('jwt-token')).toHaveTextContent(value);
    expect(screen.getByTestId('jwt-header').textContent).toContain('"kid": "k1"');
    const payload = screen.getByTestId('jwt-payload').textContent ?? '';
    expect(payload).toContain(`"${NS}roles": [\n    "admin"\n  ]`);
    // 10:59:12 UTC is 19:59 in Tokyo.
    expect(screen.getByText(/失効日時:/)).toHaveTextContent('失効日時: 2026年11月21日 19:59（日本時間）');
  });

  it('counts down every second', async () => {
    await setup([tokenExpiringIn(3552)]);
    expect(screen.getByTestId('jwt-countdown')).toHaveTextContent('残り 0時間59分12秒');
    await tick(1000);
    expect(screen.getByTestId('jwt-countdown')).toHaveTextContent('残り 0時間59分11秒');
    await tick(3600_000);
    expect(screen.getByTestId('jwt-countdown')).toHaveTextContent('0時間0分49秒前に失効しました');
  });

  it('shows the red notice once the countdown reaches zero', async () => {
    await setup([tokenExpiringIn(2)]);
    expect(screen.queryByText('トークンの有効期限が切れています。')).not.toBeInTheDocument();
    await tick(1000);
    expect(screen.queryByText('トークンの有効期限が切れています。')).not.toBeInTheDocument();
    await tick(1000);
    expect(screen.getByTestId('jwt-countdown')).toHaveTextContent('残り 0時間0分0秒');
    expect(screen.getByRole('alert')).toHaveTextContent('トークンの有効期限が切れています。');
  });

  it('shows the notice for an already expired token', async () => {
    await setup([tokenExpiringIn(-75)]);
    expect(screen.getByTestId('jwt-countdown')).toHaveTextContent('0時間1分15秒前に失効しました');
    expect(screen.getByRole('alert')).toHaveTextContent('トークンの有効期限が切れています。');
  });

  it('copies the token and says コピーしました for 1.5 s', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const value = tokenExpiringIn(3600);
    await setup([value]);
    fireEvent.click(screen.getByRole('button', { name: 'コピー' }));
    await flush();
    expect(writeText).toHaveBeenCalledWith(value);
    expect(screen.getByRole('button', { name: 'コピーしました' })).toBeInTheDocument();
    await tick(1499);
    expect(screen.getByRole('button', { name: 'コピーしました' })).toBeInTheDocument();
    await tick(1);
    expect(screen.getByRole('button', { name: 'コピー' })).toBeInTheDocument();
  });

  it('forces a new token and shows it', async () => {
    const first = tokenExpiringIn(60, { n: 1 });
    const second = tokenExpiringIn(3600, { n: 2 });
    const { getToken, refreshToken } = await setup([first, second]);
    expect(screen.getByTestId('jwt-countdown')).toHaveTextContent('残り 0時間1分0秒');
    fireEvent.click(screen.getByRole('button', { name: 'トークンを更新' }));
    await flush();
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(getToken).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('jwt-token')).toHaveTextContent(second);
    expect(screen.getByTestId('jwt-payload').textContent).toContain('"n": 2');
    expect(screen.getByTestId('jwt-countdown')).toHaveTextContent('残り 1時間0分0秒');
  });

  it('says so when the refresh fails', async () => {
    const { refreshToken } = await setup([tokenExpiringIn(60)]);
    refreshToken.mockRejectedValueOnce(new Error('login_required'));
    fireEvent.click(screen.getByRole('button', { name: 'トークンを更新' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('トークンの更新に失敗しました。');
  });
});
