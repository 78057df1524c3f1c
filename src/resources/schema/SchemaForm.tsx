import {
  Button,
  DateInput,
  NumberInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useCreatePath,
  useRecordContext,
  LinkBase,
} from 'react-admin';
import type { FieldDeclaration, ResourceDeclaration } from '../types';
import { ServerErrors } from './ServerErrors';

const FieldInput = ({ source, field }: { source: string; field: FieldDeclaration }) => {
  const common = { source, label: field.label, validate: field.required ? required() : undefined };
  if (field.readOnly) return <TextInput {...common} readOnly disabled helperText={false} />;
  switch (field.type) {
    case 'longText':
      return <TextInput {...common} multiline minRows={field.rows ?? 5} fullWidth />;
    case 'number':
      return <NumberInput {...common} />;
    case 'date':
      return <DateInput {...common} />;
    case 'email':
      return <TextInput {...common} type="email" fullWidth />;
    default:
      return <TextInput {...common} fullWidth />;
  }
};

const FormToolbar = ({ resource, mode }: { resource: ResourceDeclaration; mode: 'create' | 'edit' }) => {
  const record = useRecordContext();
  const createPath = useCreatePath();
  const cancelTo =
    mode === 'edit' && record
      ? createPath({ resource: resource.name, id: record.id, type: 'show' })
      : createPath({ resource: resource.name, type: 'list' });
  return (
    <Toolbar sx={{ gap: 1 }}>
      <Button component={LinkBase} to={cancelTo} label="app.form.cancel" variant="outlined" />
      <SaveButton label={mode === 'create' ? 'app.form.create' : 'app.form.save'} alwaysEnable />
    </Toolbar>
  );
};

/** The shared create/edit form of a declared master; keeps what the user typed when saving fails. */
export const SchemaForm = ({
  resource,
  mode,
  serverErrors,
}: {
  resource: ResourceDeclaration;
  mode: 'create' | 'edit';
  serverErrors: string[];
}) => (
  <SimpleForm toolbar={<FormToolbar resource={resource} mode={mode} />} sx={{ maxWidth: 720 }}>
    <ServerErrors messages={serverErrors} />
    {(resource.form?.fields ?? []).map((source) => (
      <FieldInput key={source} source={source} field={resource.fields[source]} />
    ))}
  </SimpleForm>
);
