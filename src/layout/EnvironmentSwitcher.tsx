import { useId, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRuntime } from '../app/RuntimeContext';
import { SafeConfirm } from '../app/SafeConfirm';
import { hasUnsavedChanges } from '../app/unsavedChanges';

export const SWITCH_CONFIRM_TITLE = '保存していない変更があります';
export const SWITCH_CONFIRM_CONTENT = '接続先を切り替えるとログアウトし、入力中の内容は失われます。切り替えますか？';
export const SWITCH_CONFIRM_ACTION = '変更を破棄して切り替える';

export interface EnvironmentSwitcherProps {
  /** header: white label on the coloured header; page: on a white card (the login page). */
  placement?: 'header' | 'page';
}

/**
 * Production or demo, and the question asked before switching with unsaved edits on screen. The
 * header's switcher and, on a phone, the header menu choose through this; `confirm` must stay
 * mounted after the menu closes.
 */
export const useEnvironmentChoice = () => {
  const { config, environment, switchEnvironment } = useRuntime();
  const [pending, setPending] = useState<string>();
  const choose = (key: string) => {
    if (key === environment.key) return;
    if (hasUnsavedChanges()) setPending(key);
    else switchEnvironment(key);
  };
  const confirm = (
    <SafeConfirm
      isOpen={pending !== undefined}
      title={SWITCH_CONFIRM_TITLE}
      content={SWITCH_CONFIRM_CONTENT}
      confirm={SWITCH_CONFIRM_ACTION}
      onClose={() => setPending(undefined)}
      onConfirm={() => {
        if (pending) switchEnvironment(pending);
        setPending(undefined);
      }}
    />
  );
  return { environments: config.environments, environment, choose, confirm, switchable: config.environments.length >= 2 };
};

/**
 * Production or demo. Switching signs out (each environment has its own session), so with unsaved
 * edits on screen it asks first, with focus on キャンセル. A white field with dark text reads the
 * same on the blue and the orange header; its focus ring is white there.
 */
export const EnvironmentSwitcher = ({ placement = 'header' }: EnvironmentSwitcherProps) => {
  const { environments, environment, choose, confirm, switchable } = useEnvironmentChoice();
  const labelId = useId();
  if (!switchable) return null;
  const onHeader = placement === 'header';

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography id={labelId} component="span" variant="body2" sx={{ color: onHeader ? 'inherit' : 'text.primary', fontWeight: 600, whiteSpace: 'nowrap' }}>
        接続先
      </Typography>
      <Select
        size="small"
        variant="outlined"
        value={environment.key}
        onChange={(event) => choose(event.target.value)}
        // Named 「接続先 本番環境」: the label, then the visible value (WCAG 2.5.3, label in name).
        labelId={labelId}
        SelectDisplayProps={{ 'aria-labelledby': undefined, 'aria-label': `接続先 ${environment.label}` } as React.HTMLAttributes<HTMLDivElement>}
        inputProps={{ 'aria-labelledby': labelId }}
        sx={{
          minWidth: 120,
          bgcolor: '#fff',
          color: 'rgba(0, 0, 0, 0.87)',
          '& .MuiSvgIcon-root': { color: 'rgba(0, 0, 0, 0.7)' },
          '&.Mui-focused': { outline: '3px solid', outlineColor: onHeader ? '#fff' : 'primary.main', outlineOffset: 2 },
        }}
      >
        {environments.map((item) => (
          <MenuItem key={item.key} value={item.key}>
            {item.label}
          </MenuItem>
        ))}
      </Select>
      {confirm}
    </Stack>
  );
};
