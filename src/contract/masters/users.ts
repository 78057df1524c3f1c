import { AUDIT_SHAPE_FIELDS, EMAIL_PATTERN, WRITE_MESSAGES, defineMasterShape } from '../masterShape';

/**
 * Users (ユーザー): pharmacy staff and admin staff, who are also identity-provider users; the
 * shape the SPA's declaration and the reference API's users feature both derive from. What is the
 * feature's own code: a new user's pharmacy and permission (stored as a membership, checked
 * against the role), the e-mail's uniqueness (case-insensitive, and answered by the identity
 * provider too), the detail's pharmacies and app_metadata, the account routes and the identity sync.
 * Users are created here, never updated: only the create body is routed.
 */
export const USER_SHAPE = defineMasterShape({
  label: 'ユーザー',
  api: '/api/v2/core/admin/users',
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    // The identity provider's id without its `auth0|` prefix.
    userId: { type: 'text', label: '認証基盤のユーザID' },
    auth0UserId: { type: 'text', label: '認証基盤ユーザID', example: 'auth0|0123456789abcdef01234567' },
    name: { type: 'text', label: '名前', sortable: true, write: { required: true, maxLength: 100 } },
    email: {
      type: 'email',
      label: 'メールアドレス',
      sortable: true,
      write: { required: true, maxLength: 254, pattern: { regex: EMAIL_PATTERN, message: WRITE_MESSAGES.malformed('メールアドレス'), example: 'tanaka@pharmacy.example.jp' } },
    },
    role: {
      type: 'choice',
      label: 'ユーザ種別',
      // The words of the create form's tabs and the list's badge.
      choices: [
        { value: 'pharmacy', label: '薬局ユーザー' },
        { value: 'admin', label: '管理ユーザー' },
      ],
      filter: { example: 'pharmacy', description: 'このユーザ種別のみ' },
      write: { required: true },
    },
    ...AUDIT_SHAPE_FIELDS,
  },
  defaultSort: '-updatedAt',
  searchable: true,
});
