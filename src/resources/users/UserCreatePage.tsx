import { useId, useRef, useState } from 'react';
import {
  AutocompleteInput,
  Form,
  LinkBase,
  RadioButtonGroupInput,
  ReferenceInput,
  TextInput,
  Title,
  useNotify,
  type RaRecord,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { CreatedUser, NewUser } from '../../dataProvider/methods/users';
import type { ApiHttpError } from '../../dataProvider';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { UnsavedChangesGuard } from '../../app/UnsavedChangesGuard';
import { specPath } from '../../lib/specPaths';
import { SAVE_ALERT_MS } from '../../lib/constants';
import { requiredRule } from '../../app/inputs/requiredRule';
import { USER_SHAPE } from '../../contract/masters/users';
import { shapeRule } from '../shapeFields';
import { ServerErrors } from '../schema/shared/ServerErrors';
import { serverMessages } from '../schema/shared/serverErrors';
import { DEFAULT_PERMISSION, PERMISSION_LABELS, PERMISSIONS } from '../pharmacyUsers/permissions';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import { ROLE_LABELS } from './roles';
import { LoginInfoDialog } from './LoginInfoDialog';

type Role = keyof typeof ROLE_LABELS;
/** The API's rules for the two texts (length, the e-mail's form), checked before sending; required marks the label. */
const NAME_RULES = [requiredRule('名前'), shapeRule(USER_SHAPE.fields.name)];
const EMAIL_RULES = [requiredRule('メールアドレス'), shapeRule(USER_SHAPE.fields.email)];
/** The create form's tabs, in the spec's order; `/new` opens the first. */
const ROLES: readonly Role[] = ['pharmacy', 'admin'];
const isRole = (value: string | undefined): value is Role => ROLES.includes(value as Role);

interface FormValues {
  name?: string;
  email?: string;
  pharmacyId?: number;
  permission?: 'read' | 'write';
}

/** The body the API takes for each tab: an admin user never carries a pharmacy. */
export const newUserOf = (role: Role, values: FormValues): NewUser =>
  role === 'pharmacy'
    ? { role, name: values.name ?? '', email: values.email ?? '', pharmacyId: values.pharmacyId!, permission: values.permission ?? DEFAULT_PERMISSION }
    : { role, name: values.name ?? '', email: values.email ?? '' };

const pharmacyOption = (record: RaRecord) => `${record.name}（ID: ${record.id}）`;

/** One request per click: disabled while the save is in flight. */
const SubmitButton = () => {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting} startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}>
      新規作成
    </Button>
  );
};

/** `?pharmacyId=12` (the pharmacy's ユーザー tab links so) preselects the pharmacy; anything else is ignored. */
export const pharmacyIdFromSearch = (value: string | null): number | undefined =>
  value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;

const UserForm = ({ role, onCreated }: { role: Role; onCreated: (created: CreatedUser) => void }) => {
  const users = useResourceDeclaration();
  const [search] = useSearchParams();
  const dataProvider = usePortalDataProvider();
  const notify = useNotify();
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  // Two clicks in one tick both reach onSubmit before the button re-renders disabled.
  const inFlight = useRef(false);

  const submit = async (values: FormValues) => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    try {
      const created = await dataProvider.createUser(newUserOf(role, values));
      setServerErrors([]);
      notify('app.notification.created', { type: 'success', autoHideDuration: SAVE_ALERT_MS });
      onCreated(created);
      return undefined;
    } catch (error) {
      setServerErrors(serverMessages(error));
      // The server's field errors go onto the fields; the form keeps what was typed.
      const fieldErrors = (error as Partial<ApiHttpError>).body?.errors;
      return fieldErrors && Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined;
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Form
      onSubmit={submit}
      defaultValues={role === 'pharmacy' ? { permission: DEFAULT_PERMISSION, pharmacyId: pharmacyIdFromSearch(search.get('pharmacyId')) } : {}}
      noValidate
    >
      <UnsavedChangesGuard />
      <Stack spacing={1} sx={{ maxWidth: 560 }}>
        <ServerErrors messages={serverErrors} />
        <TextInput source="name" label="名前" validate={NAME_RULES} fullWidth />
        <TextInput source="email" label="メールアドレス" type="email" validate={EMAIL_RULES} fullWidth />
        {role === 'pharmacy' && (
          <>
            <ReferenceInput source="pharmacyId" reference="v2/core/pharmacies" sort={{ field: 'id', order: 'ASC' }}>
              <AutocompleteInput
                label="薬局"
                optionText={pharmacyOption}
                filterToQuery={(query: string) => ({ query })}
                validate={requiredRule('薬局', '選択')}
                helperText="薬局名・薬局コード・住所で検索"
                noOptionsText="薬局が見つかりません"
                fullWidth
              />
            </ReferenceInput>
            <RadioButtonGroupInput
              source="permission"
              label="権限"
              choices={PERMISSIONS.map((permission) => ({ id: permission, name: PERMISSION_LABELS[permission] }))}
              validate={requiredRule('権限', '選択')}
            />
          </>
        )}
        <Box sx={{ display: 'flex', gap: 1, pt: 1 }}>
          <Button component={LinkBase} to={specPath.list(users.name)} variant="outlined">
            キャンセル
          </Button>
          <SubmitButton />
        </Box>
      </Stack>
    </Form>
  );
};

/**
 * User creation (`/v2/core/users/new/{pharmacy|admin}`; `/new` opens the pharmacy tab): one form
 * per tab, and on success the login information dialog in place of the form, so nothing can be
 * submitted twice and the form's unsaved-changes guard is gone once the user exists.
 */
const UserCreatePage = () => {
  const users = useResourceDeclaration();
  const tab = useParams()['*'];
  const baseId = useId();
  const [created, setCreated] = useState<CreatedUser>();
  if (!isRole(tab)) return <Navigate to={`${specPath.create(users.name)}/${ROLES[0]}`} replace />;
  return (
    <Box sx={{ py: 2 }}>
      <Title title={`${users.recordLabel}新規作成`} />
      {created ? (
        <LoginInfoDialog created={created} detailResource={users.name} />
      ) : (
        <Card>
          <Tabs value={tab} aria-label="作成するユーザーの種別" sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
            {ROLES.map((role) => (
              <Tab
                key={role}
                id={`${baseId}-${role}`}
                value={role}
                label={ROLE_LABELS[role]}
                component={LinkBase}
                to={`${specPath.create(users.name)}/${role}`}
                aria-controls={role === tab ? `${baseId}-panel` : undefined}
                replace
              />
            ))}
          </Tabs>
          <CardContent role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${tab}`}>
            <UserForm key={tab} role={tab} onCreated={setCreated} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
};

export default UserCreatePage;
