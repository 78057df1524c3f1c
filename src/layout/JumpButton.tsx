import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import SearchIcon from '@mui/icons-material/Search';
import { usePalette } from '../app/palette/PaletteProvider';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The header's way into the jump palette for the mouse; the keys it answers to are shown and announced. */
export const JumpButton = () => {
  const palette = usePalette();
  if (!palette) return null;
  const shortcut = isMac() ? '⌘K' : 'Ctrl+K';
  return (
    <Button
      color="inherit"
      size="small"
      startIcon={<SearchIcon />}
      onClick={palette.open}
      onPointerEnter={palette.preload}
      onFocus={palette.preload}
      aria-keyshortcuts="Control+K Meta+K"
      aria-haspopup="dialog"
      sx={{ mr: 1, flexShrink: 0, border: 1, borderColor: 'rgba(255,255,255,0.5)' }}
    >
      ジャンプ
      <Box component="kbd" sx={{ ml: 1, px: 0.5, fontFamily: 'inherit', fontSize: '0.75rem', border: 1, borderColor: 'rgba(255,255,255,0.7)', borderRadius: 0.5, display: { xs: 'none', sm: 'inline' } }}>
        {shortcut}
      </Box>
    </Button>
  );
};
