/**
 * NSIPS decoding (issue 14): the seeded 5 MB CP932 export decoded by the platform's decoder
 * (WHATWG `TextDecoder('shift_jis')`, what the SPA ships) against encoding-japanese, side by side
 * in one run, as a ratio of medians. Measured in Node (ICU's decoder) and in Chromium (the
 * browser the SPA runs in), each with the same bytes; both decoders' texts are checked equal.
 */
import { join, resolve } from 'node:path';
import Encoding from 'encoding-japanese';
import { largeNsipsFile } from '../server/services/core/nsips/seed';
import { launchBrowser } from './browser';

const RUNS = 7;
const root = resolve(import.meta.dirname, '..');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Timings {
  native: number;
  reference: number;
}

/** Alternating runs after one warm-up each, so neither decoder gets a quieter machine. */
function measureInNode(bytes: Uint8Array): Timings {
  const native = () => new TextDecoder('shift_jis').decode(bytes);
  const reference = () => Encoding.convert(bytes, { to: 'UNICODE', from: 'SJIS', type: 'string' });
  if (native() !== reference()) throw new Error('the two decoders disagree on the NSIPS export');
  const times: Timings[] = [];
  for (let run = 0; run < RUNS; run++) {
    let start = performance.now();
    native();
    const nativeMs = performance.now() - start;
    start = performance.now();
    reference();
    times.push({ native: nativeMs, reference: performance.now() - start });
  }
  return { native: median(times.map((t) => t.native)), reference: median(times.map((t) => t.reference)) };
}

async function measureInChromium(bytes: Uint8Array): Promise<Timings> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto('about:blank');
    await page.addScriptTag({ path: join(root, 'node_modules/encoding-japanese/encoding.min.js') });
    // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
    const script = `(() => {
      const binary = atob(${JSON.stringify(Buffer.from(bytes).toString('base64'))});
      const data = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
      const decodeNative = () => new TextDecoder('shift_jis').decode(data);
      const decodeReference = () => Encoding.convert(data, { to: 'UNICODE', from: 'SJIS', type: 'string' });
      if (decodeNative() !== decodeReference()) throw new Error('the two decoders disagree on the NSIPS export');
      const nativeTimes = [];
      const referenceTimes = [];
      for (let run = 0; run < ${RUNS}; run++) {
        let start = performance.now();
        decodeNative();
        nativeTimes.push(performance.now() - start);
        start = performance.now();
        decodeReference();
        referenceTimes.push(performance.now() - start);
      }
      const mid = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      return { native: mid(nativeTimes), reference: mid(referenceTimes) };
    })()`;
    return await page.evaluate<Timings>(script);
  } finally {
    await browser.close();
  }
}

export async function runNsipsBench(): Promise<void> {
  const bytes = new Uint8Array(largeNsipsFile(1));
  const mb = bytes.length / (1024 * 1024);
  console.log(`\nNSIPS: decoding the ${mb.toFixed(2)} MB CP932 export, TextDecoder('shift_jis') vs encoding-japanese, medians of ${RUNS} alternating runs`);
  const line = (where: string, t: Timings) =>
    console.log(
      `  ${where}: TextDecoder ${t.native.toFixed(1)} ms (${(mb / (t.native / 1000)).toFixed(0)} MB/s), encoding-japanese ${t.reference.toFixed(1)} ms; ` +
        `encoding-japanese / TextDecoder = ${(t.reference / t.native).toFixed(1)}`,
    );
  line('Node (ICU)', measureInNode(bytes));
  line('Chromium (what the SPA ships)', await measureInChromium(bytes));
}
