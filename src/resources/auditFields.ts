/** Who created and changed a core record, and when: the same four fields on every core master. */
export const auditFields = {
  createdAt: { type: 'datetime', label: '作成日時' },
  updatedAt: { type: 'datetime', label: '更新日時', sortable: true },
  createdBy: { type: 'text', label: '作成者' },
  updatedBy: { type: 'text', label: '更新者' },
} as const;

/**
 * The audit fields' group on a detail tab. The spec lists them as "created and updated dates,
 * created by, updated by"; its heading says that in two words. Two columns at most: dates in one
 * row, people in the next.
 */
export const auditGroup = {
  label: '作成・更新',
  fields: ['createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as (keyof typeof auditFields)[],
  columns: 2 as const,
};
