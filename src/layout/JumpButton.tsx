import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import { usePalette } from '../features/palette/PaletteProvider';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const outlined = { flexShrink: 0, border: 1, borderColor: 'rgba(255,255,255,0.5)' } as const;

/**
 * The header's way into the jump palette for the mouse; the keys it answers to are shown and
 * announced. Below md it is its icon, named ジャンプ, with the name and the keys in a tooltip.
 */
export const JumpButton = () => {
  const palette = usePalette();
  const showsText = useMediaQuery<Theme>((theme) => theme.breakpoints.up('md'), { noSsr: true });
  if (!palette) return null;
  const shortcut = isMac() ? '⌘K' : 'Ctrl+K';
  const common = {
    color: 'inherit',
    onClick: palette.open,
    onPointerEnter: palette.preload,
    onFocus: palette.preload,
    'aria-keyshortcuts': 'Control+K Meta+K',
    'aria-haspopup': 'dialog',
  } as const;
  if (!showsText)
    return (
      <Tooltip title={`ジャンプ（${shortcut}）`}>
        <IconButton {...common} aria-label="ジャンプ" size="small" sx={{ ...outlined, mr: 0.5, borderRadius: 1, p: '5px' }}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
    );
  return (
    <Button {...common} size="small" startIcon={<SearchIcon />} sx={{ ...outlined, mr: 1 }}>
      ジャンプ
      <Box component="kbd" sx={{ ml: 1, px: 0.5, fontFamily: 'inherit', fontSize: '0.75rem', border: 1, borderColor: 'rgba(255,255,255,0.7)', borderRadius: 0.5 }}>
        {shortcut}
      </Box>
    </Button>
  );
};
