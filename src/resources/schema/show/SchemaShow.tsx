import { Button, LinkBase, Show, TopToolbar, useRecordContext, useShowContext } from 'react-admin';
import ListIcon from '@mui/icons-material/List';
import { specPath } from '../../../lib/specPaths';
import { listSearchToReturnTo } from '../list/listReturn';
import Alert from '@mui/material/Alert';
import type { AnyResourceDeclaration } from '../../types';
import { useResourceDeclaration } from '../shared/useResourceDeclaration';
import { RecordTabs } from './RecordTabs';
import { EditLinkButton } from './EditLinkButton';
import { DeleteRecordButton } from './DeleteRecordButton';
import { serverMessages } from '../shared/serverErrors';
import { recordMissing } from '../../../i18n/texts';
import { useRememberVisit } from '../../../features/palette/useRememberVisit';

const isNotFound = (error: unknown) => (error as { status?: number } | null)?.status === 404;

/** Why there is no record, on the page: an old link to a deleted record says so at once. */
const ShowError = ({ resource }: { resource: AnyResourceDeclaration }) => {
  const { error } = useShowContext();
  return (
    <Alert severity={isNotFound(error) ? 'warning' : 'error'} role="alert" sx={{ m: 2 }}>
      {isNotFound(error) ? recordMissing(resource.recordLabel) : serverMessages(error).join(' ')}
    </Alert>
  );
};

/** The detail page is titled by the record's name (the h1 and the document title follow it). */
const RecordTitle = ({ resource }: { resource: AnyResourceDeclaration }) => {
  const record = useRecordContext();
  const name = resource.recordRepresentation ? record?.[resource.recordRepresentation] : undefined;
  return <>{typeof name === 'string' && name !== '' ? name : `${resource.recordLabel}詳細`}</>;
};

/** The record shown joins the jump palette's recent records. */
const RememberVisit = ({ resource }: { resource: AnyResourceDeclaration }) => {
  useRememberVisit(resource, useRecordContext());
  return null;
};

/** The detail screen every declared master gets: its tabs, with back-to-list and edit links. */
const SchemaShow = () => {
  const resource = useResourceDeclaration();
  return (
    <Show
      title={<RecordTitle resource={resource} />}
      // A missing record is answered on the page, not by a toast and a jump to the list.
      queryOptions={{ onError: () => undefined }}
      error={<ShowError resource={resource} />}
      actions={
        <TopToolbar>
          <Button
            component={LinkBase}
            to={`${specPath.list(resource.name)}${listSearchToReturnTo(resource.name)}`}
            label="一覧へ戻る"
          >
            <ListIcon />
          </Button>
          {resource.form && resource.capabilities?.edit && <EditLinkButton />}
          {resource.capabilities?.delete && <DeleteRecordButton resource={resource} />}
        </TopToolbar>
      }
    >
      <RememberVisit resource={resource} />
      <RecordTabs resource={resource} />
    </Show>
  );
};

export default SchemaShow;
