/** The Japanese messages the data provider put on a failed call (HttpError body.messages). */
export const serverMessages = (error: unknown): string[] => {
  const body = (error as { body?: { messages?: unknown } } | undefined)?.body;
  if (Array.isArray(body?.messages) && body.messages.length > 0) return body.messages.map(String);
  const message = (error as Error | undefined)?.message;
  return [message || 'サーバーでエラーが発生しました。'];
};
