import { Create } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import { useSaveOptions } from '../schema/form/useSaveOptions';
import { ManualForm } from './ManualForm';
import { ManualsContainer } from './ManualsContainer';
import { MANUALS, parseCategoryId } from './useManualCategories';

/** `/v2/core/manuals/new` (`?categoryId=` preselects the category the user came from). */
const ManualCreatePage = () => {
  const [params] = useSearchParams();
  const categoryId = parseCategoryId(params.get('categoryId'));
  const { serverErrors, mutationOptions } = useSaveOptions(useResourceDeclaration(MANUALS), 'app.notification.created', 'show');
  return (
    <ManualsContainer title="マニュアル新規作成" categoryId={categoryId}>
      <Create resource={MANUALS} title={false} actions={false} mutationOptions={mutationOptions} redirect={false}>
        <ManualForm mode="create" serverErrors={serverErrors} defaultValues={{ title: '', content: '', manualCategoryId: categoryId ?? null }} />
      </Create>
    </ManualsContainer>
  );
};

export default ManualCreatePage;
