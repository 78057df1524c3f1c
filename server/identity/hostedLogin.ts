/**
 * The identity provider's hosted login form (Auth0's universal login page, in Japanese): plain
 * HTML, no script, posting back to `/authorize` with the authorization request in hidden fields.
 * Its referrer policy is same-origin, not no-referrer: the request's parameters still never reach
 * another origin in a Referer, and the form's own post carries its Origin (a no-referrer page
 * posts `Origin: null`), which authorize.ts checks against login CSRF.
 */
export const HOSTED_LOGIN_MESSAGES = {
  title: 'ログイン | CS portal',
  heading: 'CS portal にログイン',
  lead: '社内アカウントのメールアドレスとパスワードを入力してください。',
  email: 'メールアドレス',
  password: 'パスワード',
  submit: 'ログイン',
  cancel: 'キャンセル',
  emailRequired: 'メールアドレスを入力してください',
  passwordRequired: 'パスワードを入力してください',
  invalid: 'メールアドレスまたはパスワードが正しくありません。',
  throttled: 'ログインの失敗が続いたため、一時的にログインできません。しばらくしてから再度お試しください。',
  cancelled: 'ユーザーがログインをキャンセルしました。',
} as const;

export interface HostedLoginView {
  /** The authorization request, carried to the POST. */
  hidden: [string, string][];
  email?: string;
  /** Said at the top of the form (role="alert"): wrong credentials, throttled. */
  formError?: string;
  emailError?: string;
  passwordError?: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** This page's own policy: no script at all; the form may post here and be redirected to the client's origins. */
export const hostedLoginCsp = (clientOrigins: string[]) =>
  [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${clientOrigins.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f5f5f5;color:#1a1a1a;
    font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans JP",sans-serif;font-size:16px;line-height:1.6}
  main{width:min(400px,100% - 32px);background:#fff;border-radius:8px;padding:32px;box-shadow:0 1px 4px rgba(0,0,0,.2)}
  h1{font-size:1.5rem;margin:0 0 8px}
  p{margin:0 0 16px}
  .field{display:grid;gap:4px;margin-bottom:16px}
  label{font-weight:600}
  input{font:inherit;padding:10px 12px;border:1px solid #616161;border-radius:4px}
  input:focus{outline:3px solid #1565c0;outline-offset:1px}
  input[aria-invalid="true"]{border-color:#b71c1c}
  .field-error{color:#b71c1c;margin:0;font-size:.875rem}
  .alert{background:#fdecea;color:#7f1010;border-radius:4px;padding:12px;margin-bottom:16px}
  .actions{display:grid;gap:8px}
  button{font:inherit;font-weight:600;padding:10px;border-radius:4px;cursor:pointer;border:1px solid #1565c0}
  button:focus-visible{outline:3px solid #0d47a1;outline-offset:2px}
  .primary{background:#1565c0;color:#fff}
  .secondary{background:#fff;color:#0d47a1}
`;

export function renderHostedLogin(view: HostedLoginView): string {
  const m = HOSTED_LOGIN_MESSAGES;
  const hidden = view.hidden
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  // The field to type in next takes the focus (the password once the e-mail is given), so its message is read with it.
  const focus = view.email && !view.emailError ? 'password' : 'email';
  const field = (id: 'email' | 'password', label: string, type: string, autocomplete: string, value: string, error?: string) => {
    // The focused field also points at the form's alert: a page that loads is not reliably announced.
    const describedBy = [error && `${id}-error`, focus === id && view.formError && 'form-error'].filter(Boolean).join(' ');
    const described = `${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}`;
    return `<div class="field">
        <label for="${id}">${label}</label>
        <input id="${id}" name="${id === 'email' ? 'username' : 'password'}" type="${type}" autocomplete="${autocomplete}" required${
          value ? ` value="${escapeHtml(value)}"` : ''
        }${described}${focus === id ? ' autofocus' : ''}>
        ${error ? `<p class="field-error" id="${id}-error">${escapeHtml(error)}</p>` : ''}
      </div>`;
  };
  return `<!doctype html>
<html lang="ja">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="same-origin">
  <title>${m.title}</title>
  <style>${STYLE}</style>
</head>
<body>
  <main>
    <h1>${m.heading}</h1>
    <p>${m.lead}</p>
    ${view.formError ? `<div class="alert" role="alert" id="form-error">${escapeHtml(view.formError)}</div>` : ''}
    <form method="post" action="/authorize" novalidate>
      ${hidden}
      ${field('email', m.email, 'email', 'username', view.email ?? '', view.emailError)}
      ${field('password', m.password, 'password', 'current-password', '', view.passwordError)}
      <div class="actions">
        <button class="primary" type="submit" name="action" value="login">${m.submit}</button>
        <button class="secondary" type="submit" name="action" value="cancel">${m.cancel}</button>
      </div>
    </form>
  </main>
</body>
</html>
`;
}
