import { Create } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { AnyResourceDeclaration } from '../../types';
import { useResourceDeclaration } from '../shared/useResourceDeclaration';
import { useSaveOptions } from './useSaveOptions';
import { SchemaForm } from './SchemaForm';

/** `?yjCode=...` prefills the declared fields (`form.prefillFrom`), nothing else. */
export const prefillValues = (resource: AnyResourceDeclaration, search: string): Record<string, string> => {
  const params = new URLSearchParams(search);
  const values: Record<string, string> = {};
  for (const field of resource.form?.prefillFrom ?? []) {
    const value = params.get(field);
    if (value !== null) values[field] = value;
  }
  return values;
};

const SchemaCreate = () => {
  const resource = useResourceDeclaration();
  const { search } = useLocation();
  const { serverErrors, mutationOptions } = useSaveOptions(resource, 'app.notification.created', resource.form?.afterCreate ?? 'show');
  return (
    <Create title={`${resource.recordLabel}新規作成`} actions={false} mutationOptions={mutationOptions} redirect={false}>
      <SchemaForm resource={resource} mode="create" serverErrors={serverErrors} defaultValues={prefillValues(resource, search)} />
    </Create>
  );
};

export default SchemaCreate;
