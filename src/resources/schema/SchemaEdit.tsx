import { Edit } from 'react-admin';
import { useResourceDeclaration } from './useResourceDeclaration';
import { useSaveOptions } from './useSaveOptions';
import { SchemaForm } from './SchemaForm';

const SchemaEdit = () => {
  const resource = useResourceDeclaration();
  const { serverErrors, mutationOptions } = useSaveOptions(resource, 'app.notification.updated', 'show');
  return (
    <Edit title={`${resource.recordLabel}編集`} mutationMode="pessimistic" actions={false} mutationOptions={mutationOptions} redirect={false}>
      <SchemaForm resource={resource} mode="edit" serverErrors={serverErrors} />
    </Edit>
  );
};

export default SchemaEdit;
