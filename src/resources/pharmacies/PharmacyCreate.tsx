import { Create } from 'react-admin';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import { useSaveOptions } from '../schema/form/useSaveOptions';
import { SchemaForm } from '../schema/form/SchemaForm';
import { pharmacyFormErrors } from './formRules';
import { MicodeInput, PostalCodeInput } from './PharmacyFormInputs';

/** The pharmacy form's own inputs: the postal lookup and the micode check-digit warning. */
export const PHARMACY_INPUTS = { micode: <MicodeInput />, postalCode: <PostalCodeInput /> };

/** New pharmacy: the generated form with the API's rules and the postal lookup. */
const PharmacyCreate = () => {
  const resource = useResourceDeclaration();
  const { serverErrors, mutationOptions } = useSaveOptions(resource, 'app.notification.created', 'show');
  return (
    <Create title="薬局新規作成" actions={false} mutationOptions={mutationOptions} redirect={false}>
      <SchemaForm resource={resource} mode="create" serverErrors={serverErrors} validate={pharmacyFormErrors} inputs={PHARMACY_INPUTS} />
    </Create>
  );
};

export default PharmacyCreate;
