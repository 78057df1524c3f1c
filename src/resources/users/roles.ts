/** The two kinds of user, in the words of the create form's tabs and the list's badge. */
export const ROLE_LABELS = { pharmacy: '薬局ユーザー', admin: '管理ユーザー' } as const;
