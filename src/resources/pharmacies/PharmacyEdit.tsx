import { Edit } from 'react-admin';
import { useResourceDeclaration } from '../schema/useResourceDeclaration';
import { useSaveOptions } from '../schema/useSaveOptions';
import { SchemaForm } from '../schema/SchemaForm';
import { pharmacyFormErrors } from './formRules';
import { PHARMACY_INPUTS } from './PharmacyCreate';

/** Editing a pharmacy: the same form as creating one. */
const PharmacyEdit = () => {
  const resource = useResourceDeclaration();
  const { serverErrors, mutationOptions } = useSaveOptions(resource, 'app.notification.updated', 'show');
  return (
    <Edit title="薬局編集" mutationMode="pessimistic" actions={false} mutationOptions={mutationOptions} redirect={false}>
      <SchemaForm resource={resource} mode="edit" serverErrors={serverErrors} validate={pharmacyFormErrors} inputs={PHARMACY_INPUTS} />
    </Edit>
  );
};

export default PharmacyEdit;
