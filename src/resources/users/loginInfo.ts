/** How long the copy button says コピーしました (spec section 9, as on the JWT screen). */
export const COPIED_LABEL_MS = 1500;

/** What the copy button puts on the clipboard: the login information as staff pass it on. */
export const loginInfoText = ({ email, password }: { email: string; password: string }): string =>
  `メールアドレス: ${email}\n初期パスワード: ${password}`;

/** The login information back from copied text (the E2E test reads the clipboard with it). */
export const parseLoginInfo = (text: string): { email: string; password: string } | undefined => {
  const email = /^メールアドレス: (.+)$/m.exec(text)?.[1];
  const password = /^初期パスワード: (.+)$/m.exec(text)?.[1];
  return email && password ? { email, password } : undefined;
};
