import {
  BooleanInput,
  Button,
  LinkBase,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useSaveContext,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { AnyResourceDeclaration, FieldDeclaration } from '../../types';
import { specPath } from '../../../lib/specPaths';
import { ServerErrors } from '../shared/ServerErrors';
import { ConflictResolver } from './ConflictResolver';
import { FormDraftKeeper } from '../../../features/drafts/FormDraftKeeper';
import { useEditSubmit, type SaveOptions } from './useSaveOptions';
import { UnsavedChangesGuard } from '../../../app/UnsavedChangesGuard';
import { useIsAdmin } from '../shared/useIsAdmin';
import { TokyoDateInput } from '../../../app/inputs/TokyoDateInput';
import { TokyoDateTimeInput } from '../../../app/inputs/TokyoDateTimeInput';
import { MultiChoiceInput } from '../../../app/inputs/MultiChoiceInput';
import { ReferencePickerInput } from '../../../app/inputs/ReferencePickerInput';
import { requiredRule } from '../../../app/inputs/requiredRule';
import { FieldGrid, WIDE_CELL, isWideField } from '../shared/FieldGrid';

/**
 * Should the record be read again under an open form (the header's refresh), what the user typed
 * stays; a save's own write-back of the record keeps the form "saved", so its move goes through.
 */
export const KEEP_TYPED_VALUES = { keepDirtyValues: true, keepIsSubmitSuccessful: true } as const;

/** One input per declared field type; nothing falls through to a text box by accident. */
export const FieldInput = ({ source, field }: { source: string; field: FieldDeclaration }) => {
  // The label comes from the generated i18n (resources.<name>.fields.<source>). A required field's
  // label is marked (*) even where the form's rules or the API, not the input, refuse it empty.
  const checked = field.required && !field.requiredCheck;
  const common = {
    source,
    isRequired: Boolean(field.required),
    validate: checked ? requiredRule(field.label, field.type === 'choice' || field.type === 'multiChoice' ? '選択' : '入力') : undefined,
  };
  if (field.readOnly) return <TextInput {...common} readOnly disabled helperText={false} fullWidth />;
  // An id naming another record is picked by that record's name (the company of a pharmacy).
  if (field.reference) return <ReferencePickerInput {...common} reference={field.reference} />;
  switch (field.type) {
    case 'id':
    case 'text':
      return <TextInput {...common} fullWidth />;
    case 'longText':
      return <TextInput {...common} multiline minRows={field.rows ?? 5} fullWidth />;
    case 'number':
      return <NumberInput {...common} step={1} fullWidth />;
    case 'decimal':
      return <NumberInput {...common} step={10 ** -(field.decimals ?? 2)} fullWidth />;
    case 'date':
      // A calendar day stays the `yyyy-MM-dd` string: no zone involved.
      return <TokyoDateInput {...common} fullWidth />;
    case 'datetime':
      // An instant, edited as Japan wall time whatever the browser's zone.
      return <TokyoDateTimeInput {...common} fullWidth />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'email':
      return <TextInput {...common} type="email" fullWidth />;
    case 'url':
      return <TextInput {...common} type="url" fullWidth />;
    case 'choice':
      // The empty option reads as an unset value does (unknownLabel: 未設定 where a field says so).
      return <SelectInput {...common} fullWidth emptyText={field.unknownLabel ?? ''} choices={(field.choices ?? []).map((choice) => ({ id: choice.value, name: choice.label }))} />;
    case 'multiChoice':
      return <MultiChoiceInput {...common} choices={field.choices ?? []} />;
  }
};

/**
 * Save is enabled until a save is in flight: one request per click, however fast the clicks.
 * `disabled` adds a form's own rule (a manual needs a title and content).
 */
export const SubmitButton = ({ mode, disabled = false }: { mode: 'create' | 'edit'; disabled?: boolean }) => {
  const { saving } = useSaveContext();
  const { isSubmitting } = useFormState();
  const busy = Boolean(saving || isSubmitting);
  return <SaveButton label={mode === 'create' ? 'app.form.create' : 'app.form.save'} alwaysEnable={!busy && !disabled} disabled={busy || disabled} />;
};

const FormToolbar = ({ resource, mode }: { resource: AnyResourceDeclaration; mode: 'create' | 'edit' }) => {
  const record = useRecordContext();
  const cancelTo = mode === 'edit' && record ? specPath.show(resource.name, record.id) : specPath.list(resource.name);
  return (
    <Toolbar sx={{ gap: 1 }}>
      <Button component={LinkBase} to={cancelTo} label="app.form.cancel" variant="outlined" />
      <SubmitButton mode={mode} />
    </Toolbar>
  );
};

/**
 * The shared create/edit form of a declared master. It keeps what the user typed when saving
 * fails, and asks before leaving with unsaved changes by any link (sidebar, breadcrumb, header).
 */
export const SchemaForm = ({
  resource,
  mode,
  serverErrors,
  save,
  defaultValues,
  validate,
  inputs = {},
}: {
  resource: AnyResourceDeclaration;
  mode: 'create' | 'edit';
  serverErrors: string[];
  /** An edit's save state: a conflict with another user's save opens the choice per field. */
  save?: SaveOptions;
  defaultValues?: Record<string, unknown>;
  /** Rules over the whole form (field → message, nested as the fields), run before saving, e.g. the same rules as the API's. */
  validate?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** A screen's own input for some fields (the pharmacy's postal lookup), in the declared order. */
  inputs?: Partial<Record<string, ReactNode>>;
}) => {
  const isAdmin = useIsAdmin();
  const onSubmit = useEditSubmit(resource, save);
  // A read-only field (the id) shows what the record holds: before it exists, there is nothing to show.
  const fields = (resource.form?.fields ?? []).filter(
    (source) => (!resource.fields[source].adminOnly || isAdmin) && !(mode === 'create' && resource.fields[source].readOnly),
  );
  return (
    <SimpleForm
      // The rules say what is wrong inline, all at once (e-mail and URL too), never the browser's bubbles.
      noValidate
      toolbar={<FormToolbar resource={resource} mode={mode} />}
      // Two columns of short inputs from md: wide enough for two 50-character names side by side.
      sx={{ maxWidth: 1120 }}
      defaultValues={defaultValues}
      validate={validate ?? resource.form?.validate}
      resetOptions={mode === 'edit' ? KEEP_TYPED_VALUES : undefined}
      onSubmit={onSubmit}
    >
      <UnsavedChangesGuard />
      <FormDraftKeeper resource={resource} />
      <ServerErrors messages={serverErrors} />
      {save && <ConflictResolver resource={resource} save={save} />}
      <FieldGrid columns={2} rowGap={0}>
        {fields.map((source) => (
          <Box key={source} sx={{ minWidth: 0, ...(isWideField(resource.fields[source]) ? WIDE_CELL : {}) }}>
            {Object.hasOwn(inputs, source) ? inputs[source] : <FieldInput source={source} field={resource.fields[source]} />}
          </Box>
        ))}
      </FieldGrid>
    </SimpleForm>
  );
};
