import type { SxProps, Theme } from '@mui/material/styles';

/** Typography of manual content, the same in the viewer and the editor. */
export const manualContentSx: SxProps<Theme> = {
  '& .ProseMirror': { outline: 'none', lineHeight: 1.8, overflowWrap: 'anywhere' },
  '& h1, & h2, & h3, & h4': { lineHeight: 1.4, mt: 2.5, mb: 1 },
  '& h1': { fontSize: '1.6rem' },
  '& h2': { fontSize: '1.3rem', borderBottom: 1, borderColor: 'divider', pb: 0.5 },
  '& h3': { fontSize: '1.1rem' },
  '& p': { my: 1 },
  '& ul, & ol': { pl: 3 },
  '& li p': { my: 0.25 },
  '& blockquote': { borderLeft: 4, borderColor: 'warning.main', bgcolor: '#fff8e1', m: 0, my: 1.5, px: 2, py: 0.5 },
  '& code': { fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
  '& pre': { bgcolor: '#263238', color: '#eceff1', p: 1.5, borderRadius: 1, overflowX: 'auto' },
  '& pre code': { bgcolor: 'transparent', color: 'inherit', p: 0 },
  '& img': { maxWidth: '100%', height: 'auto', display: 'block', my: 1 },
  '& a': { color: 'primary.main' },
  '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 2 },
};
