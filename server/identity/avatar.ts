import { createHash } from 'node:crypto';

const COLORS = ['#1565c0', '#2e7d32', '#6a1b9a', '#c62828', '#ef6c00', '#00838f', '#4e342e', '#37474f'];

/** A self-contained SVG avatar (data: URI) showing the first character of the name. */
export function avatarDataUri(id: string, name: string): string {
  const initial = [...name.trim()][0] ?? '?';
  const color = COLORS[createHash('sha256').update(id).digest()[0] % COLORS.length];
  const escaped = initial.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="32" fill="${color}"/>` +
    `<text x="32" y="42" font-size="28" text-anchor="middle" fill="#fff" font-family="sans-serif">${escaped}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
