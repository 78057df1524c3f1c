/**
 * The cable URL with the access token in its query (the server authenticates the socket by it):
 * a configured path is resolved against the page's origin with ws:// or wss://.
 */
export const cableUrlWithToken = (configured: string, token: string, location: { protocol: string; host: string }): string => {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const url = /^wss?:\/\//.test(configured) ? new URL(configured) : new URL(configured, `${scheme}//${location.host}`);
  url.searchParams.set('token', token);
  return url.toString();
};
