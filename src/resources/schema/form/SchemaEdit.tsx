import { Edit } from 'react-admin';
import { useResourceDeclaration } from '../shared/useResourceDeclaration';
import { EDIT_QUERY_OPTIONS, useSaveOptions } from './useSaveOptions';
import { SchemaForm } from './SchemaForm';

const SchemaEdit = () => {
  const resource = useResourceDeclaration();
  const save = useSaveOptions(resource, 'app.notification.updated', 'show');
  const { serverErrors, mutationOptions } = save;
  return (
    <Edit title={`${resource.recordLabel}編集`} mutationMode="pessimistic" queryOptions={EDIT_QUERY_OPTIONS} actions={false} mutationOptions={mutationOptions} redirect={false}>
      <SchemaForm resource={resource} mode="edit" serverErrors={serverErrors} save={save} />
    </Edit>
  );
};

export default SchemaEdit;
