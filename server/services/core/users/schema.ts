import { z } from '@hono/zod-openapi';
import { choiceValues } from '../../../../src/contract/masterShape';
import { USER_SHAPE } from '../../../../src/contract/masters/users';
import { answerSchema, writeSchemas } from '../../../shared/masterShape';
import { instantSchema } from '../../../shared/openapi';
import { labelled } from '../../../shared/validation';

const ts = instantSchema;

export const ROLES = choiceValues(USER_SHAPE.fields.role);
export const PERMISSIONS = ['read', 'write'] as const;
export type Permission = (typeof PERMISSIONS)[number];
/** A pharmacy user's permission when none is given (spec section 5). */
export const DEFAULT_PERMISSION: Permission = 'write';

const dbId = () => z.number().max(2_147_483_647, { abort: true }).int().positive();
const userId = () => labelled('ユーザID', dbId().openapi({ example: 2 }));
const permission = () => labelled('権限', z.enum(PERMISSIONS).openapi({ description: 'read: 閲覧のみ, write: 編集可' }));

/** The answer comes from the contract's shape (issue 24 item 1). */
export const AdminUserSchema = answerSchema(USER_SHAPE, 'AdminUser');

export const UserPharmacySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    micode: z.string(),
    address1: z.string(),
    ended_on: z.string().nullable(),
    permission: permission(),
  })
  .openapi('UserPharmacy');

export const AdminUserDetailSchema = AdminUserSchema.extend({
  pharmacy_ids: z.array(z.number().int()).openapi({ description: 'データベースの所属薬局ID' }),
  app_metadata: z
    .object({ pharmacy_ids: z.array(z.number().int()) })
    .nullable()
    .openapi({ description: '認証基盤の app_metadata (認証基盤にユーザがいなければ null)' }),
  pharmacies: z.array(UserPharmacySchema),
}).openapi('AdminUserDetail');

/**
 * POST: role, name and e-mail from the shape; the pharmacy and its permission are a membership's,
 * checked against the role by the route (checkNewUser), so they stay here. Users are never
 * updated through this API, so only `create` is routed.
 */
export const UserWrite = writeSchemas(USER_SHAPE, 'UserCreate', {
  fields: {
    pharmacy_id: labelled('薬局ID', dbId().nullable().optional().openapi({ description: '薬局ユーザのみ (必須)' })),
    permission: labelled('権限', z.enum(PERMISSIONS).optional().openapi({ description: '薬局ユーザのみ (省略時 write)' })),
  },
  order: ['role', 'name', 'email', 'pharmacy_id', 'permission'],
});

export const UserCreatedSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    password: z.string().openapi({ description: '初期パスワード (この応答でのみ返す。保存されるのはハッシュのみ)' }),
  })
  .openapi('UserCreated');

export const PharmacyUserSchema = z
  .object({
    id: z.number().int().openapi({ description: 'ユーザID' }),
    name: z.string(),
    email: z.string(),
    permission: permission(),
    created_at: ts().openapi({ description: '薬局に所属した日時' }),
    updated_at: ts(),
  })
  .openapi('PharmacyUser');

export const PharmacyUserInputSchema = z
  .object({ user_id: userId(), permission: permission() })
  .openapi('PharmacyUserInput');

export const PharmacyUserRemoveSchema = z
  .object({ user_id: userId() })
  .openapi('PharmacyUserRemove');

export const PharmacyUserResultSchema = z
  .object({ user_id: z.number().int(), pharmacy_id: z.number().int(), permission: permission().nullable() })
  .openapi('PharmacyUserResult');

export const CoreUserSchema = z
  .object({
    id: z.number().int(),
    user_id: z.string(),
    auth0_user_id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    pharmacy_ids: z.array(z.number().int()),
    created_at: instantSchema(),
    updated_at: instantSchema(),
  })
  .openapi('CoreUser');

export const ChangePasswordInputSchema = z
  .object({
    current_password: labelled('現在のパスワード', z.string().min(1).max(128).openapi({ example: 'OldSecret123' })),
    new_password: labelled('新しいパスワード', z.string().min(1).max(128).openapi({ example: 'NewSecret123' })),
    new_password_again: labelled('新しいパスワード（確認）', z.string().min(1).max(128).openapi({ example: 'NewSecret123' })),
  })
  .openapi('ChangePasswordInput');

export const MessageSchema = z.object({ message: z.string() }).openapi('Message');

export const RestoreResultSchema = z
  .object({
    auth0_pharmacy_ids: z.array(z.number().int()).openapi({ description: '復元前の認証基盤の app_metadata.pharmacy_ids' }),
    db_pharmacy_ids: z.array(z.number().int()).openapi({ description: 'データベースの薬局ID (認証基盤はこの値に復元される)' }),
    restored: z.literal(true),
  })
  .openapi('RestoreResult');
