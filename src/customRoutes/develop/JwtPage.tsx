import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Title } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useRuntime } from '../../app/RuntimeContext';
import { formatDateTime } from '../../contract/dates';
import { decodeJwt, secondsUntilExpiry, type DecodedJwt } from '../../lib/jwt';
import { countdownLabel, isExpired } from './countdown';
import { prettyJson } from './prettyJson';
import { InlineLoading } from '../../app/InlineLoading';
import { CodeBlock } from './CodeBlock';

/** How long the copy button says コピーしました (spec section 9). */
export const COPIED_LABEL_MS = 1500;

export const EXPIRED_MESSAGE = 'トークンの有効期限が切れています。';

const Section = ({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) => (
  <Card>
    <CardHeader title={title} action={action} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
    <CardContent sx={{ pt: 0 }}>{children}</CardContent>
  </Card>
);

const decode = (token: string): DecodedJwt | undefined => {
  try {
    return decodeJwt(token);
  } catch {
    return undefined;
  }
};

/** The current second, updated every second. */
const useNow = () => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

const Expiry = ({ exp }: { exp: number | undefined }) => {
  const now = useNow();
  if (exp === undefined) return <Typography color="text.secondary">このトークンには有効期限がありません。</Typography>;
  const seconds = secondsUntilExpiry({ exp }, now) ?? 0;
  return (
    <Stack spacing={1}>
      <Typography>
        失効日時: <time dateTime={new Date(exp * 1000).toISOString()}>{formatDateTime(exp * 1000)}</time>（日本時間）
      </Typography>
      <Typography data-testid="jwt-countdown" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }} aria-live="off">
        {countdownLabel(seconds)}
      </Typography>
      {isExpired(seconds) && (
        <Alert severity="error" variant="filled" role="alert">
          {EXPIRED_MESSAGE}
        </Alert>
      )}
    </Stack>
  );
};

/**
 * The JWT screen (spec section 2): the access token, its decoded header and payload, the expiry in
 * Japan time with a countdown, a copy button and a refresh button that forces a new token.
 */
const JwtPage = () => {
  const { getToken, refreshToken } = useRuntime();
  const [token, setToken] = useState<string | undefined>();
  const [loading, setLoading] = useState(true);
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const read = useCallback(async () => {
    setToken(await getToken());
  }, [getToken]);

  useEffect(() => {
    let active = true;
    getToken()
      .then((value) => {
        if (active) setToken(value);
      })
      .catch(() => {
        if (active) setError('トークンを取得できませんでした。');
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [getToken]);

  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  const copy = async () => {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token);
    } catch {
      setError('クリップボードにコピーできませんでした。');
      return;
    }
    setCopied(true);
    clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopied(false), COPIED_LABEL_MS);
  };

  const refresh = async () => {
    setRefreshing(true);
    setError(undefined);
    try {
      await refreshToken();
      await read();
    } catch {
      setError('トークンの更新に失敗しました。');
    } finally {
      setRefreshing(false);
    }
  };

  const decoded = token ? decode(token) : undefined;
  const exp = typeof decoded?.payload.exp === 'number' ? decoded.payload.exp : undefined;

  return (
    <Box sx={{ display: 'grid', gap: 2, py: 2, minWidth: 0 }}>
      <Title title="JWT" />
      {/* The layout's h1 shows the title. */}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy()}
          disabled={!token}
        >
          {copied ? 'コピーしました' : 'コピー'}
        </Button>
        <Button
          variant="contained"
          startIcon={refreshing ? <CircularProgress size={16} color="inherit" /> : <RefreshIcon />}
          onClick={() => void refresh()}
          disabled={refreshing || loading}
        >
          トークンを更新
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {loading ? (
        <InlineLoading />
      ) : !token ? (
        <Alert severity="warning">アクセストークンがありません。ログインし直してください。</Alert>
      ) : (
        <>
          <Section title="有効期限">
            <Expiry exp={exp} />
          </Section>
          <Section title="アクセストークン">
            <CodeBlock testId="jwt-token">
              {token}
            </CodeBlock>
          </Section>
          {decoded ? (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' }, minWidth: 0 }}>
              <Section title="ヘッダー">
                <CodeBlock testId="jwt-header">
                  {prettyJson(decoded.header)}
                </CodeBlock>
              </Section>
              <Section title="ペイロード">
                <CodeBlock testId="jwt-payload">
                  {prettyJson(decoded.payload)}
                </CodeBlock>
              </Section>
            </Box>
          ) : (
            <Alert severity="error">トークンを解析できませんでした。</Alert>
          )}
        </>
      )}
    </Box>
  );
};

export default JwtPage;
