import { Edit, useRecordContext } from 'react-admin';
import { useSaveOptions } from '../schema/useSaveOptions';
import { manuals } from './index';
import { ManualForm } from './ManualForm';
import { ManualsContainer } from './ManualsContainer';
import type { ManualRecord } from './ManualRows';
import { MANUALS } from './useManualCategories';

const EditScreen = ({ serverErrors }: { serverErrors: string[] }) => {
  const record = useRecordContext<ManualRecord & { id: number }>();
  return (
    <ManualsContainer title={record ? `${record.title}の編集` : 'マニュアル編集'} categoryId={record?.manualCategoryId ?? undefined}>
      <ManualForm mode="edit" serverErrors={serverErrors} />
    </ManualsContainer>
  );
};

/** `/v2/core/manuals/{id}/edit`: PATCH of the changed fields only. */
const ManualEditPage = () => {
  const { serverErrors, mutationOptions } = useSaveOptions(manuals, 'app.notification.updated', 'show');
  return (
    <Edit resource={MANUALS} title={false} mutationMode="pessimistic" actions={false} mutationOptions={mutationOptions} redirect={false} component="div">
      <EditScreen serverErrors={serverErrors} />
    </Edit>
  );
};

export default ManualEditPage;
