/** Who created and changed a core record, and when: the same four fields on every core master. */
export const auditFields = {
  createdAt: { type: 'datetime', label: '作成日時' },
  updatedAt: { type: 'datetime', label: '更新日時', sortable: true },
  createdBy: { type: 'text', label: '作成者' },
  updatedBy: { type: 'text', label: '更新者' },
} as const;
