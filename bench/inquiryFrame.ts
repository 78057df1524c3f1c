/**
 * Issue 38 goal 1: a pharmacy's message is on the open room's screen within one frame of the
 * cable's delivery. The staff user has the room open in Chromium; a pharmacy user posts over
 * HTTP; the page records when the message's frame reaches the socket (a listener the page adds
 * to every WebSocket before the ActionCable client's own) and when its text enters the DOM.
 */
import type { Browser } from '@playwright/test';
import { medianOf, signedInContext } from './browser';

/** One frame at 60 Hz. */
export const ONE_FRAME_MS = 1000 / 60;

declare global {
  interface Window {
    __frames?: { delivered: Record<string, number>; shown: Record<string, number>; markers: string[] };
  }
}

/** In the page before its scripts: for each marker text, its socket delivery and its first appearance in the DOM. */
const watchDelivery = () => {
  const state = { delivered: {} as Record<string, number>, shown: {} as Record<string, number>, markers: [] as string[] };
  window.__frames = state;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event) => {
        const text = String(event.data);
        for (const marker of state.markers) if (state.delivered[marker] === undefined && text.includes(marker)) state.delivered[marker] = performance.now();
      });
    }
  };
  new MutationObserver(() => {
    const log = document.querySelector('[data-testid="inquiry-messages"]')?.textContent ?? '';
    for (const marker of state.markers) if (state.shown[marker] === undefined && log.includes(marker)) state.shown[marker] = performance.now();
  }).observe(document, { childList: true, subtree: true, characterData: true });
};

const token = async (base: string, username: string, password: string) => {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username, password }),
  });
  if (!response.ok) throw new Error(`inquiry frame bench: sign-in of ${username} failed (${response.status})`);
  return ((await response.json()) as { access_token: string }).access_token;
};

/** Delivery to DOM, ms, for each of `runs` messages posted one after another by a pharmacy. */
export const messageFrames = async (browser: Browser, base: string, storage: Record<string, string>, runs: number): Promise<number[]> => {
  const pharmacy = await token(base, 'pharmacy@example.com', 'Pharmacy1234');
  const headers = { authorization: `Bearer ${pharmacy}`, 'content-type': 'application/json' };
  const rooms = (await (await fetch(`${base}/core/api/v2/pharmacy/inquiry_rooms`, { headers })).json()) as { id: number }[];
  const roomId = rooms[0]?.id;
  if (roomId === undefined) throw new Error('inquiry frame bench: the pharmacy has no room');
  const context = await signedInContext(browser, storage);
  try {
    await context.addInitScript(watchDelivery);
    const page = await context.newPage();
    await page.goto(`${base}/v2/core/inquiries?roomId=${roomId}`);
    // Live: the rooms channel and the open room's are confirmed, so nothing posted now is missed.
    await page.locator('[data-live="true"]').waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="inquiry-messages"] [data-own]').first().waitFor();
    const delays: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const marker = `bench-frame-${Date.now()}-${run}`;
      await page.evaluate((text) => window.__frames!.markers.push(text), marker);
      const response = await fetch(`${base}/core/api/v2/pharmacy/inquiry_rooms/${roomId}/messages`, { method: 'POST', headers, body: JSON.stringify({ content: `在庫の確認をお願いします ${marker}` }) });
      if (!response.ok) throw new Error(`inquiry frame bench: the post answered ${response.status}`);
      await page.waitForFunction((text) => window.__frames!.shown[text] !== undefined, marker, { timeout: 30_000 });
      delays.push(await page.evaluate((text) => window.__frames!.shown[text] - window.__frames!.delivered[text], marker));
    }
    return delays;
  } finally {
    await context.close();
  }
};

export const summariseFrames = (delays: number[]) => ({ median: medianOf(delays), worst: Math.max(...delays) });
