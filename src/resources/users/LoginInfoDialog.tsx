import { useEffect, useId, useRef, useState } from 'react';
import { LinkBase, useBlocker } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { CreatedUser } from '../../dataProvider/methods/users';
import { SafeConfirm } from '../../app/SafeConfirm';
import { specPath } from '../../lib/specPaths';
import { TEXTS } from '../../i18n/texts';
import { COPIED_LABEL_MS, loginInfoText } from './loginInfo';

export const NOT_COPIED_TITLE = '初期パスワードをまだコピーしていません';
export const NOT_COPIED_CONTENT = '初期パスワードはこの画面でのみ表示されます。移動すると二度と表示できません。';

const Value = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" data-testid={testId} sx={{ m: 0, mb: 1, fontFamily: 'monospace', fontSize: '1.1rem', userSelect: 'all', overflowWrap: 'anywhere' }}>
      {value}
    </Typography>
  </>
);

/**
 * The login information of a user just created (spec section 4's create-user flow): e-mail and
 * the initial password, a copy button, then the link to the user's detail. The password is never
 * shown again, so the dialog does not close on Escape or a click beside it, and leaving it (the
 * link, Back, closing the tab) before the password was copied asks first.
 */
export const LoginInfoDialog = ({ created, detailResource }: { created: CreatedUser; detailResource: string }) => {
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const [everCopied, setEverCopied] = useState(false);
  const [copyError, setCopyError] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !everCopied && nextLocation.pathname !== currentLocation.pathname);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (everCopied) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [everCopied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(loginInfoText(created));
    } catch {
      setCopyError('クリップボードにコピーできませんでした。表示されている内容を選択してコピーしてください。');
      return;
    }
    setCopyError(undefined);
    setCopied(true);
    setEverCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_LABEL_MS);
  };

  return (
    <>
      {/* No onClose: neither Escape nor a click beside it closes the dialog. */}
      <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>ログイン情報</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            ユーザーを作成しました。初期パスワードはこの画面でのみ表示されます。コピーして本人に伝えてください。
          </DialogContentText>
          <Box component="dl" sx={{ m: 0 }}>
            <Value label="メールアドレス" value={created.email} testId="login-email" />
            <Value label="初期パスワード" value={created.password} testId="login-password" />
          </Box>
          {copyError && (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {copyError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} autoFocus>
            {copied ? TEXTS.copied : 'コピー'}
          </Button>
          <Button variant="contained" component={LinkBase} to={specPath.show(detailResource, created.id)}>
            ユーザー詳細へ
          </Button>
        </DialogActions>
      </Dialog>
      <SafeConfirm
        isOpen={blocker.state === 'blocked'}
        title={NOT_COPIED_TITLE}
        content={NOT_COPIED_CONTENT}
        confirm="コピーせずに移動"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </>
  );
};
