import { Button, CreateButton, LinkBase, TopToolbar, useListContext, useTranslate } from 'react-admin';
import Typography from '@mui/material/Typography';
import type { AnyResourceDeclaration } from '../../types';
import { specPath } from '../../../lib/specPaths';
import { ColumnChooser } from './ColumnChooser';
import { ExportButton } from '../../../features/export/ExportButton';

/** The list's header: the total count the spec asks for, the column chooser, エクスポート and the create link where there is one. */
export const ListHeader = ({ resource, storeKey }: { resource: AnyResourceDeclaration; storeKey: string }) => {
  const { total } = useListContext();
  const translate = useTranslate();
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 2 }}>
      <Typography variant="body2" color="text.secondary" data-testid="list-total" aria-live="polite">
        {total != null ? translate('app.list.total', { count: total.toLocaleString('ja-JP') }) : ''}
      </Typography>
      {resource.list.hiddenColumns?.length ? <ColumnChooser resource={resource} storeKey={storeKey} /> : null}
      <ExportButton resource={resource} storeKey={storeKey} />
      {resource.list.links?.map((link) => (
        <Button key={link.route} component={LinkBase} to={`${specPath.list(resource.name)}/${link.route}`} label={link.label} />
      ))}
      {resource.capabilities?.create && <CreateButton label="app.list.create" variant="contained" />}
    </TopToolbar>
  );
};
