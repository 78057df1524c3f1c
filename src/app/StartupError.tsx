/** Shown when the portal cannot start (config.json unreachable or invalid): plain, no providers. */
export const StartupError = ({ error }: { error: unknown }) => (
  <main style={{ fontFamily: 'sans-serif', padding: 32 }}>
    <h1>CS portal を起動できませんでした</h1>
    <p role="alert">{error instanceof Error ? error.message : String(error)}</p>
    <p>時間をおいて再読み込みしてください。解決しない場合は管理者にお問い合わせください。</p>
  </main>
);
