import { describe, expect, it } from 'vitest';
import { deleteBlockedReason } from '../../../../src/resources/manuals/CategoryActions';

describe('a category that cannot be deleted says why (issue 40)', () => {
  it('names what it holds, and nothing when it is empty', () => {
    expect(deleteBlockedReason(0, 0)).toBeUndefined();
    expect(deleteBlockedReason(0, undefined)).toBeUndefined();
    expect(deleteBlockedReason(2, 0)).toBe('サブカテゴリ2件があるため削除できません。先に移動するか削除してください。');
    expect(deleteBlockedReason(0, 1234)).toBe('マニュアル1,234件があるため削除できません。先に移動するか削除してください。');
    expect(deleteBlockedReason(1, 3)).toBe('サブカテゴリ1件とマニュアル3件があるため削除できません。先に移動するか削除してください。');
  });
});
