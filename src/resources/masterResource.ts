import ListAltIcon from '@mui/icons-material/ListAlt';
import type { ComponentType } from 'react';
import { masterResourceName, writtenFields, type AnyMasterShape, type MasterShape, type ShapeField } from '../contract/masterShape';
import { auditGroup } from './auditFields';
import { shapeFields, shapeForm, shapeSort } from './shapeFields';
import type { FieldMap, FilterDeclaration, ResourceDeclaration } from './types';

/**
 * A plain master's declaration from its shape alone (issue 37): label, record label, api, menu
 * entry, default sort, search and filters, columns, detail and form, so a master that needs no
 * screen of its own is its shape and a line in the contract's registry
 * (src/contract/masters/plainMasters.ts). A master that shows more (a palette's codes, grouped
 * details, a larger text box) passes what differs as `own`, over what the shape gives.
 */

const AUDIT = new Set(['createdAt', 'updatedAt', 'createdBy', 'updatedBy']);

/** What a declaration may say over its shape: presentation the shape does not know. */
export type MasterPresentation = Partial<Omit<ResourceDeclaration, 'list'>> & {
  icon?: ComponentType;
  list?: Partial<ResourceDeclaration['list']>;
};

/** The list's filters from the shape: its search box, and a three-state any/yes/no per yes/no filter. */
export function shapeFilters(shape: AnyMasterShape): FilterDeclaration[] {
  const yesNo = (Object.entries(shape.fields) as [string, ShapeField][]).filter(([, field]) => field.filter && field.type === 'boolean' && !field.detail);
  return [
    ...(shape.search ? [{ source: 'query', type: 'search' as const, label: shape.search.label, alwaysOn: true }] : []),
    ...yesNo.map(([key, field]) => ({ source: key, type: 'yesNo' as const, label: field.label, alwaysOn: true })),
  ];
}

export function masterResource<F extends Record<string, ShapeField>>(shape: MasterShape<F>, own: MasterPresentation = {}): ResourceDeclaration {
  const keys = Object.keys(shape.fields);
  const writable = writtenFields(shape).length > 0;
  const stamped = keys.some((key) => AUDIT.has(key));
  const rowKeys = keys.filter((key) => !shape.fields[key].detail);
  const recordName = shape.screen?.recordName ?? ['name', 'title'].find((key) => keys.includes(key));
  const shown = keys.filter((key) => !AUDIT.has(key) && !(stamped && shape.fields[key].type === 'id'));
  const { icon = ListAltIcon, list, ...rest } = own;
  return {
    name: masterResourceName(shape),
    label: shape.label,
    recordLabel: shape.label,
    api: shape.api,
    ...(shape.screen?.menu && { menu: { ...shape.screen.menu, icon } }),
    ...(shape.requires && { requires: shape.requires }),
    ...(recordName && { recordRepresentation: recordName }),
    capabilities: writable ? { create: true, edit: true, delete: true } : {},
    ...(writable && { update: { method: 'PUT' as const, send: 'form' as const } }),
    fields: shapeFields(shape) as FieldMap,
    list: {
      // Long texts and the creation stamps make a row too tall or say little in a list.
      columns: [...(shape.screen?.columns ?? rowKeys.filter((key) => shape.fields[key].type !== 'longText' && key !== 'createdAt' && key !== 'createdBy'))],
      actions: writable ? ['show', 'edit'] : ['show'],
      filters: shapeFilters(shape),
      defaultSort: shapeSort(shape),
      paging: { mode: 'pages' },
      empty: `${shape.label}が見つかりません`,
      ...list,
    },
    show: {
      tabs: [{ path: '', label: '詳細', ...(stamped ? { groups: [{ label: shape.label, fields: shown, columns: 2 }, auditGroup] } : { fields: shown }) }],
    },
    ...(writable && { form: shapeForm(shape) }),
    ...rest,
  };
}
