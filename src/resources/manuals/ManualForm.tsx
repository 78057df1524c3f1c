import { Button, LinkBase, SelectInput, SimpleForm, TextInput, Toolbar, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { UnsavedChangesGuard } from '../../app/UnsavedChangesGuard';
import { ServerErrors } from '../schema/shared/ServerErrors';
import { KEEP_TYPED_VALUES, SubmitButton } from '../schema/form/SchemaForm';
import { ConflictResolver } from '../schema/form/ConflictResolver';
import { FormDraftKeeper } from '../../features/drafts/FormDraftKeeper';
import { useEditSubmit, type SaveOptions } from '../schema/form/useSaveOptions';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import { ManualEditor } from './ManualEditor';
import { titlePlaceholder, useAllCategories } from './useAllCategories';
import { MANUALS, manualPaths } from './useManualCategories';

/** Spec section 5: saving needs a title and content, both non-empty. */
export const canSaveManual = (title: unknown, content: unknown): boolean =>
  typeof title === 'string' && title.trim() !== '' && typeof content === 'string' && content.trim() !== '';

const ManualToolbar = ({ mode }: { mode: 'create' | 'edit' }) => {
  const record = useRecordContext();
  const [title, content] = useWatch({ name: ['title', 'content'] }) as [unknown, unknown];
  const cancelTo = mode === 'edit' && record ? manualPaths.show(record.id) : manualPaths.list();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <Button component={LinkBase} to={cancelTo} label="app.form.cancel" variant="outlined" />
      <SubmitButton mode={mode} disabled={!canSaveManual(title, content)} />
    </Toolbar>
  );
};

const TitleInput = () => {
  const categories = useAllCategories();
  const categoryId = useWatch({ name: 'manualCategoryId' }) as number | null | undefined;
  const path = categories.data?.find((choice) => choice.id === categoryId)?.path;
  return <TextInput source="title" label="タイトル" placeholder={titlePlaceholder(path)} fullWidth slotProps={{ htmlInput: { maxLength: 200 } }} />;
};

const CategoryInput = () => {
  const categories = useAllCategories();
  return (
    <SelectInput
      source="manualCategoryId"
      label="カテゴリ"
      choices={categories.data ?? []}
      isPending={categories.isPending}
      emptyText="（カテゴリなし）"
      parse={(value: unknown) => (value === '' || value === null ? null : Number(value))}
      sx={{ minWidth: 320 }}
    />
  );
};

/** Create and edit share this form: title, category, the markdown editor, and a guarded save. */
export const ManualForm = ({
  mode,
  serverErrors,
  save,
  defaultValues,
}: {
  mode: 'create' | 'edit';
  serverErrors: string[];
  /** An edit's save state: a conflict with another user's save opens the choice per field. */
  save?: SaveOptions;
  defaultValues?: Record<string, unknown>;
}) => {
  const manuals = useResourceDeclaration(MANUALS);
  const onSubmit = useEditSubmit(manuals, save);
  return (
    <SimpleForm
      toolbar={<ManualToolbar mode={mode} />}
      defaultValues={defaultValues}
      sx={{ maxWidth: 960 }}
      resetOptions={mode === 'edit' ? KEEP_TYPED_VALUES : undefined}
      onSubmit={onSubmit}
    >
      <UnsavedChangesGuard />
      <FormDraftKeeper resource={manuals} />
      <ServerErrors messages={serverErrors} />
      {save && <ConflictResolver resource={manuals} save={save} />}
      <CategoryInput />
      <TitleInput />
      <ManualEditor />
    </SimpleForm>
  );
};
