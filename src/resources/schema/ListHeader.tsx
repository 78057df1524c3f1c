import { CreateButton, TopToolbar, useListContext, useTranslate } from 'react-admin';
import Typography from '@mui/material/Typography';
import type { ResourceDeclaration } from '../types';

/** The list's header: the total count the spec asks for, and the create link where there is one. */
export const ListHeader = ({ resource }: { resource: ResourceDeclaration }) => {
  const { total } = useListContext();
  const translate = useTranslate();
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 2 }}>
      <Typography variant="body2" color="text.secondary" data-testid="list-total">
        {total != null ? translate('app.list.total', { count: total.toLocaleString('ja-JP') }) : ''}
      </Typography>
      {resource.capabilities?.create && <CreateButton label="app.list.create" variant="contained" />}
    </TopToolbar>
  );
};
