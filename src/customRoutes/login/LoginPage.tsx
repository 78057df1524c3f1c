import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useAuthProvider, useCheckAuth, useLogin, useNavigate, type AuthProvider } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRuntime } from '../../app/RuntimeContext';
import { EnvironmentSwitcher } from '../../layout/EnvironmentSwitcher';
import { useDocumentTitle } from '../../layout/documentTitle';
import { defaultReturnPaths, LOGIN_PATH, returnPathOr, type ReturnPathStore } from '../../authProvider';

/**
 * Sign-in card. The spec's original ignored a failed login silently; we say why it failed.
 * In redirect mode the identity provider's page asks for the credentials instead.
 */
const LoginPage = ({ returnPaths: given }: { returnPaths?: ReturnPathStore }) => {
  const [returnPaths] = useState(() => given ?? defaultReturnPaths());
  const login = useLogin();
  const { environment } = useRuntime();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [touched, setTouched] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const redirectMode = environment.auth.mode === 'redirect';
  const authProvider = useAuthProvider<AuthProvider & { handleCallback?: () => Promise<{ redirectTo: string }> }>();
  const navigate = useNavigate();
  const checkAuth = useCheckAuth();
  useDocumentTitle('ログイン');

  // Signed in, the user goes back to the page they asked for or were on when the session ended
  // (issue 40 item 7), else home; `to` was checked to be one of ours (returnPath.ts).
  const arrive = useCallback(
    (to: string) => {
      returnPaths.forget();
      navigate(to, { replace: true });
    },
    [navigate, returnPaths],
  );

  // A signed-in user who opens /login goes on at once.
  useEffect(() => {
    checkAuth({}, false)
      .then(() => arrive(returnPathOr(returnPaths.peek())))
      .catch(() => undefined);
  }, [checkAuth, arrive, returnPaths]);

  // Redirect mode: the identity provider sends the user back here with ?code=&state= (or ?error=).
  // A callback error is stored by the provider and, as the spec says, not displayed.
  useEffect(() => {
    if (!redirectMode || !/[?&](code|error)=/.test(window.location.search)) return;
    authProvider
      ?.handleCallback?.()
      .then(({ redirectTo }) => (redirectTo === LOGIN_PATH ? navigate(LOGIN_PATH, { replace: true }) : arrive(returnPathOr(redirectTo))))
      .catch((failure: Error) => setError(failure.message));
  }, [authProvider, navigate, arrive, redirectMode]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!redirectMode && (!email.trim() || !password)) return;
    setPending(true);
    setError(undefined);
    try {
      const returnTo = returnPathOr(returnPaths.peek());
      // Redirect mode leaves the page: the path goes along as the identity provider's appState.
      await login(redirectMode ? { returnTo } : { username: email, password }, returnTo);
      returnPaths.forget();
    } catch (failure) {
      setError((failure as Error)?.message || 'ログインできませんでした。');
      setPending(false);
      // The pressed button was disabled meanwhile, which left the focus on <body>: back to the
      // password, selected, so the next try is typed at once (the e-mail stays as typed).
      passwordRef.current?.focus();
      passwordRef.current?.select();
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: 380 }} component="main">
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} gutterBottom>
            CS portal
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {environment.label}にログイン
          </Typography>
          {/* Signed out already, so switching here costs nothing; the header's switcher would cost two sign-ins. */}
          <Box sx={{ mt: 1 }}>
            <EnvironmentSwitcher placement="page" />
          </Box>
          <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, mt: 2 }}>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            {!redirectMode && (
              <>
                <TextField
                  label="メールアドレス"
                  type="email"
                  autoComplete="username"
                  required
                  autoFocus
                  error={touched && !email.trim()}
                  helperText={touched && !email.trim() ? 'メールアドレスを入力してください' : undefined}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
                <TextField
                  label="パスワード"
                  type="password"
                  autoComplete="current-password"
                  required
                  inputRef={passwordRef}
                  error={touched && !password}
                  helperText={touched && !password ? 'パスワードを入力してください' : undefined}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </>
            )}
            <Button type="submit" variant="contained" size="large" disabled={pending}>
              {pending ? <CircularProgress size={24} color="inherit" /> : 'ログイン'}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
};

export default LoginPage;
