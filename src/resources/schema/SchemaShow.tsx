import { EditButton, ListButton, Show, TopToolbar } from 'react-admin';
import { useResourceDeclaration } from './useResourceDeclaration';
import { RecordTabs } from './RecordTabs';

/** The detail screen every declared master gets: its tabs, with edit and back-to-list links. */
const SchemaShow = () => {
  const resource = useResourceDeclaration();
  return (
    <Show
      title={`${resource.recordLabel}詳細`}
      actions={
        <TopToolbar>
          <ListButton label="一覧へ戻る" />
          {resource.form && <EditButton />}
        </TopToolbar>
      }
    >
      <RecordTabs resource={resource} />
    </Show>
  );
};

export default SchemaShow;
