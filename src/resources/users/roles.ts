import { USER_SHAPE } from '../../contract/masters/users';

type Role = (typeof USER_SHAPE.fields.role.choices)[number];

/** The two kinds of user, in the words of the create form's tabs and the list's badge (the contract's choices). */
export const ROLE_LABELS = Object.fromEntries(USER_SHAPE.fields.role.choices.map(({ value, label }) => [value, label])) as { [R in Role as R['value']]: R['label'] };
