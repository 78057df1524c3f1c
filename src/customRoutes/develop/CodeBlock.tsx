import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Tokens and JSON: monospace, wrapped anywhere so a long token never widens the page. */
export const CodeBlock = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Box
    component="pre"
    data-testid={testId}
    sx={{
      m: 0,
      p: 1.5,
      bgcolor: 'action.hover',
      borderRadius: 1,
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      fontSize: '0.8125rem',
      whiteSpace: 'pre-wrap',
      wordBreak: 'break-all',
      overflowWrap: 'anywhere',
    }}
  >
    {children}
  </Box>
);
