import { Edit, useRecordContext } from 'react-admin';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import { EDIT_QUERY_OPTIONS, useSaveOptions, type SaveOptions } from '../schema/form/useSaveOptions';
import { ManualForm } from './ManualForm';
import { ManualsContainer } from './ManualsContainer';
import type { ManualRecord } from './ManualRows';
import { MANUALS } from './useManualCategories';

const EditScreen = ({ save }: { save: SaveOptions }) => {
  const record = useRecordContext<ManualRecord & { id: number }>();
  return (
    <ManualsContainer title={record ? `${record.title}の編集` : 'マニュアル編集'} categoryId={record?.manualCategoryId ?? undefined}>
      <ManualForm mode="edit" serverErrors={save.serverErrors} save={save} />
    </ManualsContainer>
  );
};

/** `/v2/core/manuals/{id}/edit`: PATCH of the changed fields only. */
const ManualEditPage = () => {
  const save = useSaveOptions(useResourceDeclaration(MANUALS), 'app.notification.updated', 'show');
  return (
    <Edit resource={MANUALS} title={false} mutationMode="pessimistic" queryOptions={EDIT_QUERY_OPTIONS} actions={false} mutationOptions={save.mutationOptions} redirect={false} component="div">
      <EditScreen save={save} />
    </Edit>
  );
};

export default ManualEditPage;
