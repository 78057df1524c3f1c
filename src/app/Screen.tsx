import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import Box from '@mui/material/Box';

/** A custom screen's frame: its title (the layout's h1 and the document title) above its cards. */
export const Screen = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box sx={{ display: 'grid', gap: 2, py: 2 }}>
    {/* The layout's h1 (src/layout/PageHeading.tsx) shows the title and the document title follows it. */}
    <Title title={title} />
    {children}
  </Box>
);
