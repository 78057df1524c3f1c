import type { Permission } from '../../dataProvider/methods/users';

export type { Permission };

export const PERMISSIONS: readonly Permission[] = ['read', 'write'];

/** A new pharmacy user's permission unless staff choose otherwise (spec section 5). */
export const DEFAULT_PERMISSION: Permission = 'write';

export const PERMISSION_LABELS: Record<Permission, string> = { read: '閲覧のみ', write: '編集可' };

/** What a pharmacy user's membership of one pharmacy is: not belonging (null), read or write. */
export type Membership = Permission | null;

export type MembershipMove = { kind: 'join'; permission: Permission } | { kind: 'switch'; permission: Permission } | { kind: 'leave' };

/**
 * The moves spec section 4 allows from a membership: not belonging → read or write; a member
 * switches to the other permission or leaves. Nothing else (no switch to the same permission,
 * no leaving what one is not in), so every offered action changes something.
 */
export const movesFrom = (current: Membership): MembershipMove[] =>
  current === null
    ? PERMISSIONS.map((permission) => ({ kind: 'join', permission }))
    : [{ kind: 'switch', permission: current === 'read' ? 'write' : 'read' }, { kind: 'leave' }];

export const isAllowed = (current: Membership, move: MembershipMove): boolean =>
  movesFrom(current).some((allowed) => JSON.stringify(allowed) === JSON.stringify(move));

/** The membership after a move; a move that is not allowed changes nothing. */
export const applyMove = (current: Membership, move: MembershipMove): Membership => {
  if (!isAllowed(current, move)) return current;
  return move.kind === 'leave' ? null : move.permission;
};

/** The API call a move is: POST {user_id, permission} for join and switch, DELETE {user_id} for leave. */
export const requestOf = (move: MembershipMove): { method: 'POST'; permission: Permission } | { method: 'DELETE' } =>
  move.kind === 'leave' ? { method: 'DELETE' } : { method: 'POST', permission: move.permission };

/** The button that makes a move. */
export const moveLabel = (move: MembershipMove): string => {
  if (move.kind === 'leave') return '削除';
  return move.kind === 'join' ? `${PERMISSION_LABELS[move.permission]}で追加` : `${PERMISSION_LABELS[move.permission]}にする`;
};

/** What the notification says after a move by `name`. */
export const moveDoneMessage = (name: string, move: MembershipMove): string => {
  if (move.kind === 'leave') return `${name}を薬局から外しました。`;
  return move.kind === 'join'
    ? `${name}を${PERMISSION_LABELS[move.permission]}で追加しました。`
    : `${name}の権限を${PERMISSION_LABELS[move.permission]}に変更しました。`;
};
