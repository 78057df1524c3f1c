import { Create } from 'react-admin';
import { useResourceDeclaration } from './useResourceDeclaration';
import { useSaveOptions } from './useSaveOptions';
import { SchemaForm } from './SchemaForm';

const SchemaCreate = () => {
  const resource = useResourceDeclaration();
  const { serverErrors, mutationOptions } = useSaveOptions(resource, 'app.notification.created');
  return (
    <Create title={`${resource.recordLabel}新規作成`} actions={false} mutationOptions={mutationOptions}>
      <SchemaForm resource={resource} mode="create" serverErrors={serverErrors} />
    </Create>
  );
};

export default SchemaCreate;
