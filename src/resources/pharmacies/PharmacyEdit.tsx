import { Edit } from 'react-admin';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import { EDIT_QUERY_OPTIONS, useSaveOptions } from '../schema/form/useSaveOptions';
import { SchemaForm } from '../schema/form/SchemaForm';
import { pharmacyFormErrors } from './formRules';
import { PHARMACY_INPUTS } from './PharmacyCreate';

/** Editing a pharmacy: the same form as creating one. */
const PharmacyEdit = () => {
  const resource = useResourceDeclaration();
  const save = useSaveOptions(resource, 'app.notification.updated', 'show');
  const { serverErrors, mutationOptions } = save;
  return (
    <Edit title="薬局編集" mutationMode="pessimistic" queryOptions={EDIT_QUERY_OPTIONS} actions={false} mutationOptions={mutationOptions} redirect={false}>
      <SchemaForm resource={resource} mode="edit" serverErrors={serverErrors} save={save} validate={pharmacyFormErrors} inputs={PHARMACY_INPUTS} />
    </Edit>
  );
};

export default PharmacyEdit;
