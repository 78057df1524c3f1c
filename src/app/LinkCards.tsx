import type { ComponentType } from 'react';
import { LinkBase } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** A card that opens a screen: its name, where it goes, what it does. */
export interface LinkCard {
  label: string;
  to: string;
  description: string;
  icon: ComponentType<{ fontSize?: 'large' }>;
}

/** A menu page's cards, each opening a screen (the developer menu, the warehouse manager and its services). */
export const LinkCards = ({ links, label }: { links: readonly LinkCard[]; label: string }) => (
  <Box component="nav" aria-label={label} sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
    {links.map(({ label: title, to, description, icon: Icon }) => (
      <Card key={to}>
        <CardActionArea component={LinkBase} to={to} sx={{ height: '100%' }}>
          <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            <Box sx={{ color: 'primary.main' }}>
              <Icon fontSize="large" />
            </Box>
            <Box>
              <Typography variant="h6" component="h2">
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {description}
              </Typography>
            </Box>
          </CardContent>
        </CardActionArea>
      </Card>
    ))}
  </Box>
);
